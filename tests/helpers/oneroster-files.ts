import { zipOf } from './roster-files';

/**
 * A OneRoster 1.2 bulk set as the standard writes it (issue 40): the required files only, no
 * demographics.csv and no `metadata.*` columns, so no Arabic name, gender or nationality.
 */
export const standardFiles = (
  users: [id: string, given: string, family: string, identifier: string][],
  grade = '05',
  classTitle = '5A',
) => ({
  'manifest.csv':
    'propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\nfile.academicSessions,bulk\nfile.classes,bulk\nfile.enrollments,bulk\nfile.orgs,bulk\nfile.roles,bulk\nfile.users,bulk\nfile.demographics,absent\n',
  'orgs.csv':
    'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\norg-1,active,2026-09-01T00:00:00.000Z,Roster Noor School,school,NOOR,\n',
  'academicSessions.csv':
    'sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear\nterm-1,active,2026-09-01T00:00:00.000Z,2026-2027,schoolYear,2026-09-01,2027-06-30,,2027\n',
  'classes.csv':
    'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods\n' +
    `cls-1,active,2026-09-01T00:00:00.000Z,${classTitle},${grade},course-1,${classTitle},homeroom,,org-1,term-1,,,\n`,
  'users.csv': [
    'sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password',
    ...users.map(
      ([id, given, family, identifier]) =>
        `${id},active,2026-09-01T00:00:00.000Z,true,${id},,${given},${family},,${identifier},,,,,${grade},`,
    ),
    '',
  ].join('\n'),
  'roles.csv': [
    'sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId',
    ...users.map(([id]) => `role-${id},active,2026-09-01T00:00:00.000Z,${id},primary,student,,,org-1,`),
    '',
  ].join('\n'),
  'enrollments.csv': [
    'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate',
    ...users.map(([id]) => `enr-${id},active,2026-09-01T00:00:00.000Z,cls-1,org-1,${id},student,true,,`),
    '',
  ].join('\n'),
});
export const standardSet = (users: Parameters<typeof standardFiles>[0], grade?: string, classTitle?: string) =>
  zipOf(standardFiles(users, grade, classTitle));
