/**
 * The answers of the external status page (statuspage.io API v2, SPEC §3 "Status-page item", §7) as
 * schemas (valibot), checked where they enter the app (the status banner's loadBanner): the fields
 * the banner reads. Unknown fields pass and are left out. Free of React and browser APIs. Not in
 * answers.ts, which is in every first load: the banner's code comes after the page (issue #8).
 *
 * Only the valibot functions the first load already has (object, string, optional, array, pipe,
 * nonEmpty): valibot sits in the shared libraries chunk, and a function used here alone would land
 * there too. So no v.nullish: the JSON is read with parseStatusPageJson, which turns the nulls
 * statuspage.io writes for a field without a value into missing fields.
 */
import * as v from 'valibot';

/** A status-page answer's JSON, a null field read as a missing one (throws on what is not JSON). */
export function parseStatusPageJson(text: string): unknown {
  return JSON.parse(text, (_, value: unknown) => (value === null ? undefined : value));
}

const optionalText = v.optional(v.string());

/** A component an item concerns, with its state (the banner looks for ours, SPEC §9). */
export const statusComponentSchema = v.object({ id: v.string(), status: v.string() });

/** A scheduled maintenance or an incident. */
export const statusItemSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  name: v.string(),
  status: v.string(),
  shortlink: optionalText,
  impact: optionalText,
  scheduled_for: optionalText,
  scheduled_until: optionalText,
  components: v.optional(v.array(statusComponentSchema)),
});

/**
 * The list answers, by the key that holds their items: scheduled-maintenances/upcoming.json and
 * active.json, incidents/unresolved.json. One item that is not an item makes the whole answer unusable.
 */
export const statusListSchemas = {
  scheduled_maintenances: v.object({ scheduled_maintenances: v.array(statusItemSchema) }),
  incidents: v.object({ incidents: v.array(statusItemSchema) }),
};

export type StatusListKey = keyof typeof statusListSchemas;
export type StatusComponent = v.InferOutput<typeof statusComponentSchema>;
export type StatusItem = v.InferOutput<typeof statusItemSchema>;
