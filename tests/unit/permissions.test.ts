import { describe, expect, it } from 'vitest';
import {
  areaPermission,
  hasAnyPermission,
  permissionFor,
  PLATFORMS_VIEW,
  singularOf,
} from '../../src/common/permissions';
import { allPermissions, defaultRolePermissions, permissionsOfArea } from '../../src/common/permission-catalog';

describe('permission strings', () => {
  it('derives the singular: dashes become dots and one trailing s is dropped', () => {
    expect(singularOf('platforms')).toBe('platform');
    expect(singularOf('depth-of-knowledges')).toBe('depth.of.knowledge');
    expect(singularOf('learning-outcomes')).toBe('learning.outcome');
    expect(singularOf('questions-bank')).toBe('questions.bank');
    expect(singularOf('exam-types')).toBe('exam.type');
    expect(singularOf('class')).toBe('clas');
  });

  it('builds com.ltm.permissions.{area}.{action}.{singular}', () => {
    expect(permissionFor('platforms', 'view')).toBe('com.ltm.permissions.platforms.view.platform');
    expect(permissionFor('cognitive-levels', 'create')).toBe(
      'com.ltm.permissions.cognitive-levels.create.cognitive.level',
    );
    expect(permissionFor('exams', 'generate')).toBe('com.ltm.permissions.exams.generate.exam');
    expect(PLATFORMS_VIEW).toBe('com.ltm.permissions.platforms.view.platform');
  });

  it('builds the area-wide view and download forms', () => {
    expect(areaPermission('reports', 'download')).toBe('com.ltm.permissions.reports.download.reports');
    expect(areaPermission('exams', 'view')).toBe('com.ltm.permissions.exams.view.exams');
  });

  it('accepts any one of a list', () => {
    expect(hasAnyPermission(['a', 'b'], ['c', 'b'])).toBe(true);
    expect(hasAnyPermission(new Set(['a']), ['c'])).toBe(false);
    expect(hasAnyPermission([], [])).toBe(false);
  });

  it('lists seven permissions per area and no duplicates in the catalog', () => {
    expect(permissionsOfArea('skills')).toHaveLength(7);
    const all = allPermissions(['skills']);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain(permissionFor('skills', 'delete'));
  });

  it('gives every default role the platforms-view permission, using only catalog permissions', () => {
    // The school role manages the school-classes and students resources (its own schools').
    const catalog = new Set(allPermissions(['skills', 'school-classes', 'students', 'grades', 'levels']));
    const defaults = defaultRolePermissions(['skills']);
    expect(defaults['com.ltm.roles.author']).toContain(permissionFor('skills', 'view'));
    expect(defaults['com.ltm.roles.student']).not.toContain(permissionFor('skills', 'view'));
    for (const [role, granted] of Object.entries(defaults)) {
      expect(granted, role).toContain(PLATFORMS_VIEW);
      for (const permission of granted) expect(catalog.has(permission), `${role}: ${permission}`).toBe(true);
    }
  });
});
