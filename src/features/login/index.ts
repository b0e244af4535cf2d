/**
 * The login feature's public file: what other features use of it (docs/architecture.md, import rules).
 * The reset wizard checks a national ID as the login form does.
 */
export { fieldMessage, isValidLoginPassword, isValidNationalId, normaliseNationalId } from './validation';
export { nationalIdFieldId } from './field-ids';
