import type { CurrentUser as User } from '../../common/contracts';
import { dataOf, http } from './http';

/** What `PUT /api/user/change/password` takes. */
export interface PasswordChange {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** The signed-in user's own account (SPEC section 7, "Profile"). */
export interface ProfileMethods {
  /** `PUT /api/user/change/information`: the server answers with the updated user. */
  updateProfileInformation(name: string): Promise<{ data: User }>;
  /** `PUT /api/user/change/password`: the server answers with a translated confirmation, if any. */
  changeOwnPassword(values: PasswordChange): Promise<{ data: { changed: true; message?: string } }>;
}

export const profileMethods: ProfileMethods = {
  updateProfileInformation: (name) =>
    dataOf(http<{ data: User }>('/user/change/information', { method: 'PUT', body: { name } })),

  changeOwnPassword: (values) =>
    http<{ message?: string } | undefined>('/user/change/password', { method: 'PUT', body: values }).then(
      ({ json }) => ({ data: { changed: true, message: json?.message } }),
    ),
};
