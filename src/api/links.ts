import type { Link } from './errors';

/** The last path segment of a rel: call targets are chosen by it (SPEC §3). */
export function relName(rel: string): string {
  const trimmed = rel.replace(/[/#]+$/, '');
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('#'));
  return trimmed.slice(cut + 1);
}

export function findLink(links: readonly Link[] | undefined, name: string): Link | undefined {
  return links?.find((link) => relName(link.rel) === name);
}
