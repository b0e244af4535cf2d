/** The session feature's public file: what other features use of it (docs/architecture.md, import rules). */
export { leaveFor, redirectOut } from './leave';
export { logout } from './logout';
export { type AccountKind, accountKind, roleHome } from './roles';
export { forgetRootDocument, loadRootDocument } from './root-document';
