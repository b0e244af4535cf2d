/**
 * The answers of SPEC §3 as schemas (valibot), checked where they enter the app (src/api/client.ts
 * request) for the fields the app uses. Unknown fields pass (SPEC §3 does not show the real backend's
 * full shapes), and so do values of a known field the app narrows itself (a role it does not know).
 * Free of React and browser APIs. In the first load of every screen: keep it to what the app reads.
 */
import * as v from 'valibot';

/** A link of a service document or error body (SPEC §3): call targets are chosen by the rel's last segment. */
export const linkSchema = v.object({ rel: v.string(), uri: v.string() });
/** A link of the API (SPEC §3): its relation and where it goes. */
export type Link = v.InferOutput<typeof linkSchema>;
export const linksSchema = v.array(linkSchema);

/** The root/service document (SPEC §3): links, and for a session its role, CSRF token and eID level. */
export const rootDocumentSchema = v.object({
  link: linksSchema,
  role: v.optional(v.string()),
  csrfToken: v.optional(v.string()),
  authenticationlevelIdporten: v.optional(v.number()),
});

/**
 * The reset-start answer (SPEC §3): the links of the later steps; beyond SPEC (decision 017) the
 * email address the code went to, masked ("o*****@eksempel.no"), when the backend says it; and
 * (decision 026) how many more resets the person may start within the window after this one.
 */
export const resetStartedSchema = v.object({
  link: linksSchema,
  maskedEmail: v.optional(v.string()),
  // Narrowed by the wizard (reset-limits.ts resetsLeftOf): one it cannot use is the general rule, never a
  // failed answer to a reset the backend has started (its codes are sent).
  resetsLeft: v.optional(v.unknown()),
});

/** Token data (SPEC §3) of the app's login. */
export const tokenDataSchema = v.object({
  redirectUri: v.string(),
  state: v.string(),
  link: v.optional(linksSchema),
  // Beyond SPEC §7 (docs/decisions/019): the session's login was not made in this app login's flow,
  // so the person must say yes, as this name, before a code is issued.
  consent: v.optional(v.object({ name: v.string() })),
});

/** The approve answer (SPEC §3): the code for the app. */
export const tokenApprovedSchema = v.object({ code: v.pipe(v.string(), v.nonEmpty()) });

/** The API error body (SPEC §3); links that are not links are left out rather than failing the body. */
export const apiErrorBodySchema = v.object({
  'error-code': v.optional(v.string()),
  'error-message': v.optional(v.string()),
  link: v.fallback(v.optional(linksSchema, []), []),
});

export type RootDocumentAnswer = v.InferOutput<typeof rootDocumentSchema>;
export type TokenData = v.InferOutput<typeof tokenDataSchema>;
