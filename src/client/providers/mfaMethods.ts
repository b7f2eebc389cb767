import { dataOf, http } from './http';

/** The signed-in account's second factor (issue 46), as `GET /api/account/mfa` answers it. */
export interface MfaStatus {
  enabled: boolean;
  required: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
}

/** A setup's new secret: as text, as the app's address and as a QR code (SVG). */
export interface MfaSetup {
  secret: string;
  otpauth_url: string;
  qr_svg: string;
}

/** The server's confirmation and, where made, the recovery codes to show once. */
export interface MfaAnswer {
  message: string;
  recovery_codes?: string[];
}

export interface MfaMethods {
  mfaStatus(signal?: AbortSignal): Promise<{ data: MfaStatus }>;
  startMfaSetup(): Promise<{ data: MfaSetup }>;
  enableMfa(code: string): Promise<{ data: MfaAnswer }>;
  renewRecoveryCodes(code: string): Promise<{ data: MfaAnswer }>;
  disableMfa(code: string): Promise<{ data: MfaAnswer }>;
  resetUserMfa(userId: number, reason: string): Promise<{ data: MfaAnswer }>;
}

const answer = (path: string, body: unknown) =>
  http<{ message: string; data?: { recovery_codes: string[] } }>(path, { method: 'POST', body }).then(({ json }) => ({
    data: { message: json.message, recovery_codes: json.data?.recovery_codes },
  }));

export const mfaMethods: MfaMethods = {
  mfaStatus: (signal) => dataOf(http<{ data: MfaStatus }>('/account/mfa', { signal })),
  startMfaSetup: () => dataOf(http<{ data: MfaSetup }>('/account/mfa/setup', { method: 'POST', body: {} })),
  enableMfa: (code) => answer('/account/mfa/enable', { code }),
  renewRecoveryCodes: (code) => answer('/account/mfa/recovery-codes', { code }),
  disableMfa: (code) => answer('/account/mfa/disable', { code }),
  resetUserMfa: (userId, reason) => answer(`/users/${userId}/mfa/reset`, reason ? { reason } : {}),
};
