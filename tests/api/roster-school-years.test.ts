import { describe, expect, it } from 'vitest';
import { staff, t, useRosterWorld } from '../helpers/roster-world';
import { uploadRoster, zipOf } from '../helpers/roster-files';
import { standardFiles } from '../helpers/oneroster-files';

useRosterWorld();

/**
 * Issue 40: academicSessions.csv was not read. The dry run says which school year a OneRoster file
 * is for (the sessions its classes name in `termSourcedIds`), and whether that year has ended, so
 * that last year's roster is not imported by mistake.
 */
describe("a OneRoster file's school year", () => {
  const users: Parameters<typeof standardFiles>[0] = [['y-1', 'Salma', 'Odeh', 'YEAR-1']];

  it('is read from the sessions its classes name, with its days, and is not ended while it runs', async () => {
    const files = standardFiles(users);
    // A year far ahead (the test does not age), and a session no class names, which is not the file's year.
    files['academicSessions.csv'] =
      'sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear\n' +
      'term-1,active,2026-09-01T00:00:00.000Z,2099-2100,schoolYear,2099-09-01,2100-06-30,,2100\n' +
      'old-1,active,2026-09-01T00:00:00.000Z,2019-2020,schoolYear,2019-09-01,2020-06-30,,2020\n';
    const dry = (await uploadRoster(t.app, staff, { name: 'year.zip', content: zipOf(files) }, 'dry_run')).json().data;
    expect(dry.school_years).toEqual([{ title: '2099-2100', start: '2099-09-01', end: '2100-06-30', ended: false }]);
  });

  it('says when the year has ended, and a session marked to be deleted is not read', async () => {
    const files = standardFiles(users);
    files['academicSessions.csv'] =
      'sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear\n' +
      'term-1,active,2026-09-01T00:00:00.000Z,Year 24/25,schoolYear,2024-08-25,2025-06-30,,2025\n' +
      'term-1b,tobedeleted,2026-09-01T00:00:00.000Z,2030-2031,schoolYear,2030-09-01,2031-06-30,,2031\n';
    files['classes.csv'] = files['classes.csv'].replace(',term-1,', ',"term-1,term-1b",');
    const dry = (await uploadRoster(t.app, staff, { name: 'old.zip', content: zipOf(files) }, 'dry_run', 'ar')).json()
      .data;
    expect(dry.school_years).toEqual([{ title: '2024-2025', start: '2024-08-25', end: '2025-06-30', ended: true }]);
    // A file without academicSessions.csv (it is optional) says nothing of a year.
    const bare = standardFiles(users) as Record<string, string>;
    delete bare['academicSessions.csv'];
    const none = (await uploadRoster(t.app, staff, { name: 'bare.zip', content: zipOf(bare) }, 'dry_run')).json().data;
    expect(none.school_years).toEqual([]);
  });
});
