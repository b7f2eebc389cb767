import { sql } from 'kysely';
import type { Language } from '../../../locales/index';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';
import { offsetOf, pageMeta, type PageRequest } from '../http/pagination';
import type { ManagedUser } from './user-record';

export interface UserListQuery extends PageRequest {
  sort: 'id' | 'name' | 'email' | 'created_at';
  order: 'asc' | 'desc';
  search?: string;
  /** These users only (a picker reading back the ones it shows). */
  'filter[id]'?: number[];
}

/** A user's own columns, as read. */
type UserRow = Omit<ManagedUser, 'created_at' | 'updated_at' | 'roles' | 'school_ids' | 'mfa_enabled'> & {
  created_at: Date;
  updated_at: Date;
  mfa_enabled_at: Date | null;
};

const columns = [
  'users.id',
  'users.name',
  'users.email',
  'users.is_active',
  'users.created_at',
  'users.updated_at',
  'users.mfa_enabled_at',
] as const;

/** Attaches each user's roles (translated names) and linked school ids, one query each. */
async function withRoles(db: Db, users: UserRow[], lang: Language) {
  const ids = users.map((u) => u.id);
  const schools = ids.length
    ? await db.selectFrom('user_schools').select(['user_id', 'school_id']).where('user_id', 'in', ids).execute()
    : [];
  const links = ids.length
    ? await db
        .selectFrom('user_roles')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select(['user_roles.user_id', 'roles.id', 'roles.role', 'roles.name', 'roles.name_ar'])
        .where('user_roles.user_id', 'in', ids)
        .orderBy('roles.id')
        .execute()
    : [];
  return users.map(({ mfa_enabled_at, ...user }): ManagedUser => ({
    ...user,
    mfa_enabled: mfa_enabled_at !== null,
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    roles: links
      .filter((l) => l.user_id === user.id)
      .map((l) => ({ id: l.id, role: l.role, name: lang === 'ar' ? l.name_ar : l.name })),
    school_ids: schools
      .filter((s) => s.user_id === user.id)
      .map((s) => s.school_id)
      .sort((a, b) => a - b),
  }));
}

/** Staff accounts: students' accounts are managed with their student (Students, the roster), not here. */
export async function listUsers(db: Db, query: UserListQuery, lang: Language) {
  let base = db
    .selectFrom('users')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('students').select('students.id').whereRef('students.user_id', '=', 'users.id'))),
    );
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb('users.name', 'ilike', like), eb('users.email', 'ilike', like)]));
  }
  const ids = query['filter[id]'];
  if (ids?.length) base = base.where('users.id', 'in', ids);
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(columns)
    .orderBy(`users.${query.sort}`, query.order)
    .orderBy('users.id', query.order)
    .limit(query.per_page)
    .offset(offsetOf(query))
    .execute();
  return { data: await withRoles(db, rows, lang), meta: pageMeta(query, total) };
}

export async function findUser(db: Db, id: number, lang: Language) {
  const row = await db.selectFrom('users').select(columns).where('users.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return (await withRoles(db, [row], lang))[0];
}

export async function emailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
