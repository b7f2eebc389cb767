import type { Rule } from '../resource-validation';

/** A platform's deployment IDs, one a line (blank lines skipped). */
export const deploymentIdsOf = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const isWebAddress = (value: unknown) => {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return ['https:', 'http:'].includes(url.protocol) && !url.hash;
  } catch {
    return false;
  }
};

const ADDRESSES = ['issuer', 'auth_login_url', 'jwks_url', 'auth_token_url'] as const;

/** An LTI platform's addresses are web addresses (its deployments are required, one a line). */
export const LTI_PLATFORM_RULES: Record<string, Rule> = {
  'ltiPlatforms.addresses': (platform, ctx) => {
    for (const field of ADDRESSES) {
      const value = platform[field];
      if (value === null || value === undefined || value === '') continue;
      if (!isWebAddress(value)) ctx.addIssue({ code: 'custom', message: 'lti.errors.address', path: [field] });
    }
  },
};
