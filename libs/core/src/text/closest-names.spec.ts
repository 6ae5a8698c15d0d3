import { describe, expect, it } from '@jest/globals';
import { closestNames, didYouMean } from './closest-names.js';

describe('closestNames', () => {
  const tools = ['store_fact', 'query_memory', 'list_facts', 'delete_fact', 'store_memory'];

  it('finds names within two edits, closest first', () => {
    expect(closestNames('stor_fact', tools)).toEqual(['store_fact']);
    expect(closestNames('stroe_fact', tools)).toEqual(['store_fact']);
    expect(closestNames('QUERY_MEMORY', tools)).toEqual(['query_memory']);
    expect(closestNames('search_web', tools)).toEqual([]);
  });

  it('says it in words', () => {
    expect(didYouMean('stor_fact', tools)).toBe(' Did you mean store_fact?');
    expect(didYouMean('zzz', tools)).toBe('');
    expect(didYouMean('list_fact', ['list_facts', 'list_fast'])).toBe(' Did you mean list_facts or list_fast?');
  });
});
