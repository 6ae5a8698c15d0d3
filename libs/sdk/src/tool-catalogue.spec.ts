import { describe, expect, it } from '@jest/globals';
import type { AnyToolDefinition } from '@chief-of-staff/core';
import { buildToolCatalogue } from './tool-catalogue.js';

// The catalogue reads nothing of a definition but its name.
const tool = (name: string) => ({ name }) as unknown as AnyToolDefinition;

describe('buildToolCatalogue', () => {
  const groups = [
    { name: 'memory', tools: [tool('query_memory'), tool('add_memory'), tool('delete_memory')] },
    { name: 'calendar', tools: [tool('get_calendar_events'), tool('find_group_availability')] },
  ];

  it('lists every tool of the chosen groups by name, as tools/list shows them', () => {
    expect(buildToolCatalogue(groups).tools.map((entry) => entry.name)).toEqual(['add_memory', 'delete_memory', 'find_group_availability', 'get_calendar_events', 'query_memory']);
    expect(buildToolCatalogue(groups, ['calendar']).tools.map((entry) => entry.name)).toEqual(['find_group_availability', 'get_calendar_events']);
    expect(buildToolCatalogue(groups).get('query_memory')?.name).toBe('query_memory');
  });

  it('refuses a group nobody defined and a name defined twice, saying which', () => {
    expect(() => buildToolCatalogue(groups, ['mail'])).toThrow(/Unknown tool group\(s\): mail\. Available groups: memory, calendar\./);
    expect(() => buildToolCatalogue([...groups, { name: 'more', tools: [tool('add_memory')] }])).toThrow('Tool "add_memory" is defined twice (group more).');
  });
});
