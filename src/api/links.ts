import type { LinkName } from '../contract/api';
import { AppError } from './errors';
import type { Link } from '../contract/answers';

/** The last path segment of a rel: call targets are chosen by it (SPEC §3). */
export function relName(rel: string): string {
  const trimmed = rel.replace(/[/#]+$/, '');
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('#'));
  return trimmed.slice(cut + 1);
}

export function findLink(links: readonly Link[] | undefined, name: LinkName): Link | undefined {
  return links?.find((link) => relName(link.rel) === name);
}

/** The link by name, or a thrown AppError (the answer lacked a link the flow needs: no usable answer). */
export function requireLink(links: readonly Link[] | undefined, name: LinkName): Link {
  const link = findLink(links, name);
  if (!link) throw new AppError(`Missing link ${name}`, { statusCode: 500, noUsableAnswer: true });
  return link;
}
