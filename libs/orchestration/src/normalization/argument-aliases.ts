/**
 * The alias map of docs/orchestration.md#argument-normalisation: names callers (models especially) commonly use for a
 * field, mapped to the field the tool actually has. Several targets mean "the first one the tool has" (`limit`, else
 * `top_k`).
 */
export interface ArgumentAlias {
  readonly from: readonly string[];
  readonly to: readonly string[];
}

export const ARGUMENT_ALIASES: readonly ArgumentAlias[] = [
  { from: ['q', 'search', 'text', 'search_query', 'keywords', 'query_text'], to: ['query'] },
  { from: ['n', 'k', 'count', 'max_results', 'top'], to: ['limit', 'top_k'] },
  { from: ['from', 'start', 'since_date'], to: ['start_date'] },
  { from: ['to', 'end', 'until_date'], to: ['end_date'] },
  { from: ['person', 'who', 'contact'], to: ['name'] },
];

/** `id` stands for the tool's single `<entity>_id` field. */
export const GENERIC_ID_ALIAS = 'id';
