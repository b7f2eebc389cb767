import { describe, expect, it } from 'vitest';
import { definitionsFromModules, SchemaRegistry } from '../../schemas/index';
import { lookup, reference, type ResourceDefinition } from '../../schemas/vocabulary';
import { checkPlatformFields, recordValidator, visibleFields } from '../../src/common/resource-validation';
import { permissionsOfArea } from '../../src/common/permission-catalog';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { fixtureRegistry } from '../fixtures/schemas/index';

const registry = await loadSchemaRegistry();

describe('schema registry', () => {
  it('holds every resource of SPEC section 3 under its spec name', () => {
    expect(registry.all().map((d) => d.name)).toEqual(
      expect.arrayContaining([
        'platforms',
        'question-types',
        'schools',
        'skills',
        'rounds',
        'grades',
        'levels',
        'cognitive-levels',
        'difficulty-levels',
        'depth-of-knowledges',
        'exam-types',
        'durations',
        'learning-outcomes',
        'users',
        'school-classes',
      ]),
    );
  });

  it('refuses a reference to an unknown resource, two schemas with one name, an undeclared list name and two pages at one path', () => {
    const base = lookup('widgets', 'exams_settings', '/x');
    const broken: ResourceDefinition = { ...base, fields: { ...base.fields, thing_id: reference('nothing') } };
    expect(() => new SchemaRegistry([broken])).toThrow(/unknown resource nothing/);
    const skills = lookup('skills', 'exams_settings', '/x');
    expect(() => new SchemaRegistry([skills, skills])).toThrow(/share a name/);
    const column: ResourceDefinition = { ...base, list: { ...base.list, columns: ['id', 'colour'] } };
    expect(() => new SchemaRegistry([column])).toThrow(/names colour, which it does not declare/);
    const page = { path: '/widgets/*', view: 'widgets/WidgetsRoutes' };
    const twice: ResourceDefinition[] = [
      { ...base, pages: { screens: page } },
      { ...lookup('gizmos', 'exams_settings', '/y'), pages: { other: page } },
    ];
    expect(() => new SchemaRegistry(twice)).toThrow(/share the path \/widgets\/\*/);
  });

  it("takes each schema file's default export and skips the vocabulary", () => {
    const skills = lookup('skills', 'exams_settings', '/x');
    expect(definitionsFromModules({ './skills.ts': { default: skills }, './vocabulary.ts': {} })).toEqual([skills]);
    expect(() => definitionsFromModules({ './bad.ts': {} })).toThrow(/no default-exported/);
  });

  it('gives every resource the seven permissions of its area (exams an eighth: assign)', () => {
    for (const definition of registry.all()) {
      const permissions = permissionsOfArea(definition.name);
      expect(permissions).toContain(
        `com.ltm.permissions.${definition.name}.create.${definition.name.replace(/-/g, '.').replace(/s$/, '')}`,
      );
      expect(permissions).toHaveLength(definition.name === 'exams' ? 8 : 7);
    }
    expect(permissionsOfArea('exams')).toContain('com.ltm.permissions.exams.assign.exam');
    expect(permissionsOfArea('depth-of-knowledges')).toContain(
      'com.ltm.permissions.depth-of-knowledges.view.depth.of.knowledge',
    );
  });

  it('keeps list columns, sort and search within the declared fields', () => {
    for (const d of registry.all()) {
      const known = new Set(['id', ...Object.keys(d.fields), ...Object.keys(d.computed ?? {})]);
      for (const column of [...d.list.columns, d.list.sort, ...d.list.search])
        expect(known.has(column), `${d.name}.${column}`).toBe(true);
      const route = d.menu.group === 'main' ? `/${d.name.split('-')[0]}` : `/settings/`;
      expect(d.menu.route.startsWith(route), `${d.name}: ${d.menu.route}`).toBe(true);
    }
  });
});

describe('schema to validator (fixture schemas, tests/fixtures/schemas)', () => {
  const gadgets = fixtureRegistry.get('gadgets')!;
  const widgets = fixtureRegistry.get('widgets')!;
  const widget = { name_en: 'a', name_ar: 'b', platform_id: 1, size: 45, gadget_id: 2 };

  it('requires the declared fields and platform_id, trims text and caps its length', () => {
    const validator = recordValidator(gadgets);
    expect(validator.parse({ name_en: ' Reading ', name_ar: 'القراءة', platform_id: 2 })).toEqual({
      name_en: 'Reading',
      name_ar: 'القراءة',
      platform_id: 2,
    });
    // Numbers are numbers: a string or a boolean is the wrong type, never coerced.
    for (const platform_id of ['2', true, 2_147_483_648])
      expect(validator.safeParse({ name_en: 'a', name_ar: 'b', platform_id }).success, String(platform_id)).toBe(false);
    const missing = validator.safeParse({});
    expect(missing.error!.issues.map((i) => [i.path.join('.'), i.message]).sort()).toEqual([
      ['name_ar', 'validation.required'],
      ['name_en', 'validation.required'],
      ['platform_id', 'validation.required'],
    ]);
    expect(validator.safeParse({ name_en: 'x'.repeat(256), name_ar: 'y', platform_id: 1 }).error!.issues[0].code).toBe(
      'too_big',
    );
  });

  it('accepts read-only keys and relation objects, refuses anything else', () => {
    const validator = recordValidator(widgets);
    const record = {
      ...widget,
      id: 3,
      name: 'n',
      gadget: { id: 2 },
      grade_id: 4,
      grade: {},
      level_id: null,
      gadget_ids: [2, 5],
      gadgets: [{ id: 2 }, { id: 5 }],
      created_at: 'x',
    };
    expect(validator.safeParse(record).success).toBe(true);
    const extra = validator.safeParse({ ...record, is_admin: true });
    expect(extra.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['is_admin'] });
  });

  it('bounds numbers and the size of a multi-reference', () => {
    const validator = recordValidator(widgets);
    expect(validator.safeParse({ ...widget, size: 1440 }).success).toBe(true);
    expect(validator.safeParse({ ...widget, size: 0 }).success).toBe(false);
    expect(validator.safeParse({ ...widget, size: 1441 }).success).toBe(false);
    expect(validator.safeParse({ ...widget, gadget_ids: [1, 2, 3] }).success).toBe(true);
    expect(validator.safeParse({ ...widget, gadget_ids: [1, 2, 3, 4] }).success).toBe(false);
  });

  it('takes a date-time as the wall clock YYYY-MM-DD HH:mm:ss and nothing else', () => {
    const validator = recordValidator(widgets);
    expect(validator.safeParse({ ...widget, opens_at: '2026-09-01 08:30:00' }).success).toBe(true);
    for (const opens_at of ['2026-09-01', '2026-13-01 08:30:00', 'tomorrow', 20260901])
      expect(validator.safeParse({ ...widget, opens_at }).success, String(opens_at)).toBe(false);
  });

  it('shows and requires grade on IRA and level on ISA', () => {
    const names = (identifier: 'IRA' | 'ISA') => visibleFields(widgets, identifier).map(([n]) => n);
    expect(names('IRA')).toContain('grade_id');
    expect(names('IRA')).not.toContain('level_id');
    expect(names('ISA')).toContain('level_id');
    expect(names('ISA')).not.toContain('grade_id');
    const ira = { grade_id: null, level_id: 9 };
    expect(checkPlatformFields(widgets, 'IRA', ira)).toEqual({ grade_id: ['validation.required'] });
    expect(ira.level_id).toBeNull();
    const isa = { grade_id: 4, level_id: 9 };
    expect(checkPlatformFields(widgets, 'ISA', isa)).toEqual({});
    expect(isa).toEqual({ grade_id: null, level_id: 9 });
  });
});
