import type * as v from 'valibot';
import { getDotPath } from 'valibot';

/** What was wrong with a body, in one line: each problem with the field it is about. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .map((issue) => {
      const path = getDotPath(issue);
      return path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
