import { email, required, type Validator } from 'react-admin';

/** SPEC section 5, users form: the four messages the server also uses. */
export const validateName = required('validation.name_required');
export const validateEmail = [required('validation.email_required'), email('validation.invalid_email')];
export const validatePassword = required('validation.password_required');

const matchesPassword: Validator = (value, values) =>
  value && value !== values.password ? 'validation.password_mismatch' : undefined;
export const validateConfirmation = [required('validation.password_required'), matchesPassword];
