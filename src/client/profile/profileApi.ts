import type { User } from '../auth';
import { http } from '../providers/http';

export interface PasswordChange {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** `PUT /api/user/change/information`: the server answers with the updated user. */
export async function updateInformation(name: string): Promise<User> {
  const { json } = await http<{ data: User }>('/user/change/information', { method: 'PUT', body: { name } });
  return json.data;
}

/** `PUT /api/user/change/password`: the server answers with a translated confirmation. */
export async function changePassword(values: PasswordChange): Promise<string | undefined> {
  const { json } = await http<{ message?: string } | undefined>('/user/change/password', {
    method: 'PUT',
    body: values,
  });
  return json?.message;
}
