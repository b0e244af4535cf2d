/**
 * The password form's national ID field's id, which the passkey sign-in looks for (its autofill sits in
 * that field). Here, not in the form's module: importing it from there brought the whole form's chunk
 * into every private login, at idle, before anyone opened it (issue #52).
 */
export const nationalIdFieldId = 'login-national-id';
