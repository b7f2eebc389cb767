import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readOneRoster } from '../../src/server/roster/oneroster';
import { RosterFileRefused } from '../../src/server/roster/roster-file';

const files = (users: string, manifestVersion = '1.2') =>
  new Map(
    Object.entries({
      'manifest.csv': `propertyName,value\nmanifest.version,1.0\noneroster.version,${manifestVersion}\nfile.users,bulk\n`,
      'orgs.csv': 'sourcedId,status,dateLastModified,name,type\norg-1,active,,Al Noor,school\n',
      'classes.csv': 'sourcedId,status,dateLastModified,title,grades,schoolSourcedId\ncls-1,active,,4A,04,org-1\n',
      'users.csv': users,
      'roles.csv':
        'sourcedId,status,dateLastModified,userSourcedId,roleType,role,orgSourcedId\nr1,active,,u1,primary,student,org-1\nr2,tobedeleted,,u2,primary,student,org-1\n',
      'enrollments.csv':
        'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role\ne1,active,,cls-1,org-1,u1,student\n',
    }).map(([name, text]) => [name, strToU8(text)]),
  );

describe('OneRoster 1.2 bulk CSV', () => {
  it('reads students (by role), their school, class and CEDS grade, and leaves the rest', () => {
    const { rows } = readOneRoster(
      files(
        'sourcedId,status,enabledUser,givenName,familyName,identifier,grades\nu1,active,true,Adam,Saleh,,04\nu2,active,true,Old,Role,,04\n',
      ),
    );
    expect(rows).toEqual([
      {
        row: 2,
        // The file's own code, read through the grades' codes by the plan.
        cedsGrade: true,
        // What OneRoster has no place for: a blank keeps the student's.
        kept: ['date_of_birth', 'national_id', 'level'],
        values: expect.objectContaining({
          student_number: 'u1',
          name_en: 'Adam Saleh',
          school: 'Al Noor',
          class: '4A',
          grade: '04',
          active: 'yes',
        }),
      },
    ]);
  });

  it('refuses another version, a delta file and a missing file', () => {
    expect(() => readOneRoster(files('sourcedId\n', '1.1'))).toThrow(RosterFileRefused);
    const delta = files('sourcedId\n');
    delta.set('manifest.csv', strToU8('propertyName,value\noneroster.version,1.2\nfile.users,delta\n'));
    expect(() => readOneRoster(delta)).toThrow(/oneroster_delta/);
    const missing = files('sourcedId\n');
    missing.delete('roles.csv');
    expect(() => readOneRoster(missing)).toThrow(/oneroster_missing_file/);
  });

  it('takes the homeroom class of a student enrolled in several, and refuses formulas in cells', () => {
    const entries = files('sourcedId,status,enabledUser,givenName,familyName,identifier\nu1,active,true,=cmd,Saleh,\n');
    entries.set(
      'classes.csv',
      strToU8(
        'sourcedId,status,title,classType,schoolSourcedId\nmath,active,Maths 4,scheduled,org-1\nhome,active,4B,homeroom,org-1\n',
      ),
    );
    entries.set(
      'enrollments.csv',
      strToU8(
        'sourcedId,status,classSourcedId,userSourcedId,role\ne1,active,math,u1,student\ne2,active,home,u1,student\n',
      ),
    );
    const { rows, problems } = readOneRoster(entries);
    expect(rows[0]!.values.class).toBe('4B');
    expect(problems.get(2)).toEqual({ name_en: ['roster.errors.formula'] });
  });

  it('never takes a class or a school to be deleted (issue 40): the active homeroom, else none', () => {
    const entries = files('sourcedId,status,enabledUser,givenName,familyName,identifier\nu1,active,true,Adam,Saleh,\n');
    entries.set(
      'classes.csv',
      strToU8(
        'sourcedId,status,title,classType,schoolSourcedId\nold,tobedeleted,4A old,homeroom,org-1\nhome,active,4B,homeroom,org-1\n',
      ),
    );
    entries.set(
      'enrollments.csv',
      strToU8(
        'sourcedId,status,classSourcedId,userSourcedId,role\ne1,active,old,u1,student\ne2,active,home,u1,student\n',
      ),
    );
    expect(readOneRoster(entries).rows[0]!.values.class).toBe('4B');
    entries.set(
      'orgs.csv',
      strToU8('sourcedId,status,dateLastModified,name,type\norg-1,tobedeleted,,Al Noor,school\n'),
    );
    expect(readOneRoster(entries).rows[0]!.values.school).toBe('');
  });
});
