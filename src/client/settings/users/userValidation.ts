import { email, required, type Validator } from 'react-admin';

/** SPEC section 5, users form: the four messages the server also uses. */
export const validateName = required('validation.name_required');
export const validateEmail = [required('validation.email_required'), email('validation.invalid_email')];
export const validatePassword = required('validation.password_required');

/**
 * The confirmation must repeat the password. An empty password is said once, under the password
 * field; the confirmation only says that it does not match.
 */
const matchesPassword: Validator = (value, values) =>
  values.password && (value ?? '') !== values.password ? 'validation.password_mismatch' : undefined;
export const validateConfirmation = [matchesPassword];

/** The server's password rules, shown under the password field from the start. */
export const PASSWORD_RULES = 'users.password_rules';
