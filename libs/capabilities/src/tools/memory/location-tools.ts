/**
 * Location tools (docs/reference/tool-catalogue.md#memory-and-identity): store_location (upsert by case-folded name)
 * and list_locations.
 */
import { z } from 'zod';
import { defineTool, type ToolContext } from '@chief-of-staff/core';
import { LOCATION_LIST_LIMITS, type LocationRecord } from '@chief-of-staff/stores';
import { LOCAL_READ, LOCAL_UPSERT } from '../memory-common/annotations.js';
import { cursorSchema, limitSchema, listOutputSchema, nameSchema, withWarnings } from '../memory-common/memory-schemas.js';
import type { MemoryServices } from '../memory-common/memory-services.js';
import { STORE_LOCATION_EXAMPLES, LIST_LOCATIONS_EXAMPLES } from './location-tools.examples.js';

const locationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  notes: z.string().nullable(),
});

const storedLocationSchema = locationSchema.extend({ created_at: z.string(), updated_at: z.string() });

function toLocation(location: LocationRecord) {
  return {
    id: location.id,
    name: location.name,
    address: location.address,
    latitude: location.latitude,
    longitude: location.longitude,
    notes: location.notes,
  };
}

export const storeLocationTool = defineTool({
  name: 'store_location',
  examples: STORE_LOCATION_EXAMPLES,
  title: 'Store location',
  description:
    'Saves a named place (home, office, a client site) with an optional address, coordinates and notes, or updates the place ' +
    'with the same name (case-insensitive); fields you leave out keep their stored value. Latitude and longitude go together. ' +
    'Example: {"name": "Office", "address": "1 Main St, Springfield", "latitude": 39.78, "longitude": -89.65}.',
  input: z
    .object({
      name: nameSchema('Name of the place, unique regardless of case, e.g. "Office".'),
      address: z.string().trim().max(1000).optional().describe('Street address.'),
      latitude: z.number().min(-90).max(90).optional().describe('Latitude in degrees (−90 to 90); give with longitude.'),
      longitude: z.number().min(-180).max(180).optional().describe('Longitude in degrees (−180 to 180); give with latitude.'),
      notes: z.string().trim().max(10_000).optional().describe('Anything worth remembering about the place.'),
    })
    .strict(),
  output: z.object({ location: storedLocationSchema, created: z.boolean() }),
  annotations: LOCAL_UPSERT,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const { location, created } = await ctx.services.memory.locations.upsert(args);
    return { location: { ...toLocation(location), created_at: location.createdAt, updated_at: location.updatedAt }, created };
  },
});

export const listLocationsTool = defineTool({
  name: 'list_locations',
  examples: LIST_LOCATIONS_EXAMPLES,
  title: 'List locations',
  description:
    'Lists saved places ordered by name, optionally only those whose name or address contains the query (case-insensitive). ' +
    'Example: {"query": "office"}.',
  input: z
    .object({
      query: z.string().trim().max(500).optional().describe('Text to find in the name or address.'),
      limit: limitSchema(LOCATION_LIST_LIMITS.defaultLimit, LOCATION_LIST_LIMITS.maxLimit, 'locations'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(locationSchema),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const page = await ctx.services.memory.locations.list({ query: args.query }, { limit: args.limit, cursor: args.cursor });
    return withWarnings({ items: page.items.map(toLocation), next_cursor: page.next_cursor, total: page.total }, page.warnings);
  },
});
