import { clampTo } from '../../src/client/components/clamp';
import { describe, expect, it } from 'vitest';
import { settingsMenuGroups } from '../../src/client/generic/menu-config';
import { overridesFromModules } from '../../src/client/generic/overrides';
import { schemaRegistry } from '../../src/client/generic/registry';
import {
  formInputs,
  isFormComplete,
  listColumns,
  recordPayload,
  screenPaths,
  screenPermissions,
} from '../../src/client/generic/screen-config';
import { ROLES } from '../../src/common/permissions';

const schema = (name: string) => {
  const definition = schemaRegistry.get(name);
  if (!definition) throw new Error(`no schema ${name}`);
  return definition;
};
const inputTypes = (name: string, identifier: 'IRA' | 'ISA' | null) =>
  Object.fromEntries(formInputs(schema(name), identifier).map(({ source, field }) => [source, field.type]));

describe('console screens derived from a schema', () => {
  it('loads every schema file into the client registry', () => {
    const names = schemaRegistry.all().map((d) => d.name);
    for (const name of ['skills', 'learning-outcomes', 'depth-of-knowledges', 'platforms', 'schools', 'school-classes'])
      expect(names).toContain(name);
    // Children are edited inside their parent's screen and get no screen of their own.
    expect(schemaRegistry.screens().map((d) => d.name)).not.toContain('school-classes');
  });

  it("mounts screens at the schema route, not at react-admin's /{name}", () => {
    const paths = screenPaths(schema('depth-of-knowledges'));
    expect(paths.list).toBe('/settings/questions/depth-of-knowledge');
    expect(paths.create).toBe('/settings/questions/depth-of-knowledge/create');
    expect(paths.edit(5)).toBe('/settings/questions/depth-of-knowledge/5');
    expect(screenPaths(schema('skills')).list).toBe('/settings/exams/skills');
  });

  it('takes list columns from the schema and drops those hidden on the platform', () => {
    expect(listColumns(schema('skills'), 'IRA')).toEqual([
      { source: 'id', type: 'id', sortable: true },
      { source: 'name_en', type: 'text', sortable: true },
      { source: 'name_ar', type: 'text', sortable: true },
    ]);
    const ira = listColumns(schema('learning-outcomes'), 'IRA').map((c) => c.source);
    const isa = listColumns(schema('learning-outcomes'), 'ISA').map((c) => c.source);
    expect(ira).toEqual(['id', 'name_en', 'name_ar', 'skill_id', 'grade_id']);
    expect(isa).toEqual(['id', 'name_en', 'name_ar', 'skill_id', 'level_id']);
    expect(listColumns(schema('learning-outcomes'), 'IRA').find((c) => c.source === 'skill_id')).toEqual({
      source: 'skill_id',
      type: 'reference',
      sortable: false,
    });
    expect(listColumns(schema('durations'), 'ISA').at(-1)).toEqual({
      source: 'number',
      type: 'number',
      sortable: true,
    });
  });

  it('picks one input per visible field, by its type', () => {
    expect(inputTypes('skills', 'IRA')).toEqual({ name_en: 'text', name_ar: 'text' });
    expect(inputTypes('durations', 'IRA')).toEqual({ name_en: 'text', name_ar: 'text', number: 'number' });
    expect(inputTypes('platforms', null)).toEqual({
      name_en: 'text',
      name_ar: 'text',
      identifier: 'choice',
      tier_within_from: 'number',
      tier_above_from: 'number',
    });
    expect(inputTypes('learning-outcomes', 'IRA')).toEqual({
      name_en: 'text',
      name_ar: 'text',
      skill_id: 'reference',
      grade_id: 'reference',
    });
    expect(inputTypes('learning-outcomes', 'ISA')).toEqual({
      name_en: 'text',
      name_ar: 'text',
      skill_id: 'reference',
      level_id: 'reference',
    });
    // A school class gets its school from the screen: no input for the parent reference.
    expect(inputTypes('school-classes', null)).toEqual({ name_en: 'text', name_ar: 'text', grade_id: 'reference' });
  });

  it('groups the settings menu as the schemas say, system settings for admins only', () => {
    const groups = settingsMenuGroups(schemaRegistry.screens());
    const byGroup = Object.fromEntries(groups.map((g) => [g.label, g.items.map((i) => i.to)]));
    expect(byGroup['nav.exams_settings']).toEqual(
      expect.arrayContaining(['/settings/exams/skills', '/settings/exams/durations', '/settings/exams/exam-types']),
    );
    expect(byGroup['nav.questions_settings']).toEqual(
      expect.arrayContaining([
        '/settings/questions/learning-outcomes',
        '/settings/questions/depth-of-knowledge',
        '/settings/questions/question-types',
      ]),
    );
    expect(byGroup['nav.system_settings']).toEqual(
      expect.arrayContaining(['/settings/platforms', '/settings/schools']),
    );
    const system = groups.find((g) => g.label === 'nav.system_settings');
    expect(system?.roles).toEqual([ROLES.admin]);
    const skills = groups.flatMap((g) => g.items).find((i) => i.to === '/settings/exams/skills');
    expect(skills).toEqual({
      to: '/settings/exams/skills',
      label: 'resources.skills.name',
      labelArgs: { smart_count: 2 },
      anyOf: ['com.ltm.permissions.skills.view.skills', 'com.ltm.permissions.skills.view.skill'],
    });
  });

  it('derives the permissions of each action from the resource name', () => {
    expect(screenPermissions(schema('learning-outcomes'))).toEqual({
      view: [
        'com.ltm.permissions.learning-outcomes.view.learning-outcomes',
        'com.ltm.permissions.learning-outcomes.view.learning.outcome',
      ],
      create: 'com.ltm.permissions.learning-outcomes.create.learning.outcome',
      edit: 'com.ltm.permissions.learning-outcomes.edit.learning.outcome',
      delete: 'com.ltm.permissions.learning-outcomes.delete.learning.outcome',
    });
    expect(screenPermissions(schema('platforms')).roles).toEqual([ROLES.admin]);
  });

  it('enables saving only when every required visible field has a value', () => {
    const inputs = formInputs(schema('learning-outcomes'), 'IRA');
    expect(isFormComplete(inputs, { name_en: 'A', name_ar: 'ب', skill_id: 1 })).toBe(false);
    expect(isFormComplete(inputs, { name_en: 'A', name_ar: '  ', skill_id: 1, grade_id: 2 })).toBe(false);
    expect(isFormComplete(inputs, { name_en: 'A', name_ar: 'ب', skill_id: 1, grade_id: 2 })).toBe(true);
  });

  it('sends only the declared fields and the selected platform', () => {
    const inputs = formInputs(schema('learning-outcomes'), 'ISA');
    const record = {
      id: 3,
      name: 'A',
      name_en: 'A',
      name_ar: 'ب',
      skill_id: 1,
      skill: { id: 1 },
      grade_id: 9,
      level_id: 4,
      platform: { id: 2 },
      platform_id: 2,
    };
    expect(recordPayload(inputs, record, { platform_id: 2 })).toEqual({
      name_en: 'A',
      name_ar: 'ب',
      skill_id: 1,
      level_id: 4,
      platform_id: 2,
    });
  });

  it('clamps numbers to their bounds', () => {
    expect(clampTo(1, 1440)(0)).toBe(1);
    expect(clampTo(1, 1440)(2000)).toBe(1440);
    expect(clampTo(1, 1440)('90')).toBe(90);
    expect(clampTo(0, 100)(-5)).toBe(0);
    expect(clampTo(0, 100)('')).toBeNull();
    expect(clampTo(0, 100)('abc')).toBeNull();
  });

  it('names overrides after their folder', () => {
    const list = () => null;
    expect(overridesFromModules({ '../settings/users/index.ts': { list } })).toEqual({ users: { list } });
  });
});
