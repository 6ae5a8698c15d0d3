/**
 * The LoCoMo development conversations (tools/bench/fixtures/memory-recall/locomo, CC BY-NC 4.0, test data only):
 * each conversation's turns as the facts one person's memory would hold, and its questions of categories 1–4 with
 * the turns that answer them. Category 5 (adversarial: asks about something never said) has no evidence to recall.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const LOCOMO_FILE = resolve(import.meta.dirname, '..', '..', 'fixtures', 'memory-recall', 'locomo', 'dev.jsonl');

export interface ConversationTurn {
  /** `D<session>:<n>`, unique within its conversation: stored as the fact's key. */
  id: string;
  session: number;
  speaker: string;
  text: string;
  /** When the session took place, `YYYY-MM-DDTHH:MM`. */
  date: string;
  caption?: string;
}

export interface RecallQuestion {
  text: string;
  /** Turn ids that answer it. */
  evidence: string[];
  kind: string;
}

export interface Conversation {
  name: string;
  turns: ConversationTurn[];
  questions: RecallQuestion[];
}

interface TurnLine extends ConversationTurn {
  type: 'turn';
  conv: string;
}

interface QuestionLine {
  type: 'question';
  conv: string;
  q: string;
  evidence: string[];
  category: number;
  kind: string;
}

/** The fact value a turn is stored as: who said it, what was said, and the shared photo's description if any. */
export function turnFactValue(turn: ConversationTurn): string {
  return turn.caption === undefined ? `${turn.speaker}: ${turn.text}` : `${turn.speaker}: ${turn.text} [shared a photo: ${turn.caption}]`;
}

export function loadConversations(file: string = LOCOMO_FILE): Conversation[] {
  const byName = new Map<string, Conversation>();
  const conversation = (name: string) => {
    let found = byName.get(name);
    if (!found) {
      found = { name, turns: [], questions: [] };
      byName.set(name, found);
    }
    return found;
  };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as TurnLine | QuestionLine;
    if (row.type === 'turn') {
      const { id, session, speaker, text, date, caption } = row;
      conversation(row.conv).turns.push({ id, session, speaker, text, date, ...(caption === undefined ? {} : { caption }) });
    } else if (row.category >= 1 && row.category <= 4 && row.evidence.length > 0) {
      conversation(row.conv).questions.push({ text: row.q, evidence: row.evidence, kind: row.kind });
    }
  }
  for (const { name, turns, questions } of byName.values()) {
    const ids = new Set(turns.map((turn) => turn.id));
    const unknown = questions.flatMap((question) => question.evidence).filter((id) => !ids.has(id));
    if (unknown.length > 0) throw new Error(`${name}: evidence ${unknown.slice(0, 3).join(', ')} names no turn of the conversation`);
  }
  return [...byName.values()];
}
