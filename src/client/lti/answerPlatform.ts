/**
 * Posts a signed deep linking answer to the platform the way LTI asks (a form field `JWT`, LTI
 * Deep Linking 2.0, 4.5): the browser leaves for the course. Only a web address is posted to.
 */
export function answerPlatform(returnUrl: string, jwt: string): void {
  const url = new URL(returnUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not a web address');
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url.toString();
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = 'JWT';
  field.value = jwt;
  form.append(field);
  document.body.append(form);
  form.submit();
}
