import { AREAS } from '../../common/permission-catalog';
import { ROLES } from '../../common/permissions';
import { listPermissions, type AccessRule } from '../auth/access';

/** One header link: where it goes, its catalog label and who may see it. */
export interface NavItem extends AccessRule {
  to: string;
  label: string;
}

export interface NavGroup extends AccessRule {
  label: string;
  items: NavItem[];
}

/**
 * Lookup areas of the settings menu. Their schemas arrive with the "resources from
 * schemas" step; until then the names follow the API paths of SPEC section 3.
 */
const SETTINGS_AREAS = {
  skills: 'skills',
  rounds: 'rounds',
  grades: 'grades',
  levels: 'levels',
  durations: 'durations',
  cognitiveLevels: 'cognitive-levels',
  difficultyLevels: 'difficulty-levels',
  learningOutcomes: 'learning-outcomes',
  depthOfKnowledges: 'depth-of-knowledges',
} as const;

export const MAIN_LINKS: NavItem[] = [
  { to: '/exams', label: 'nav.exams', anyOf: listPermissions(AREAS.exams) },
  { to: '/questions-bank', label: 'nav.questions_bank', anyOf: listPermissions(AREAS.questionsBank) },
];

export const REPORTS_MENU: NavGroup[] = [
  {
    label: 'nav.reports',
    items: [
      { to: '/generated-reports', label: 'nav.all_reports', anyOf: listPermissions(AREAS.reports) },
      { to: '/schools-list', label: 'nav.schools_list', anyOf: listPermissions(AREAS.schools) },
      { to: '/web-reports', label: 'nav.web_reports', anyOf: listPermissions(AREAS.reports) },
    ],
  },
];

export const SETTINGS_MENU: NavGroup[] = [
  {
    label: 'nav.exams_settings',
    items: [
      { to: '/settings/exams/skills', label: 'nav.skills', anyOf: listPermissions(SETTINGS_AREAS.skills) },
      { to: '/settings/exams/rounds', label: 'nav.rounds', anyOf: listPermissions(SETTINGS_AREAS.rounds) },
      { to: '/settings/exams/grades', label: 'nav.grades', anyOf: listPermissions(SETTINGS_AREAS.grades) },
      { to: '/settings/exams/levels', label: 'nav.levels', anyOf: listPermissions(SETTINGS_AREAS.levels) },
      { to: '/settings/exams/durations', label: 'nav.durations', anyOf: listPermissions(SETTINGS_AREAS.durations) },
    ],
  },
  {
    label: 'nav.questions_settings',
    items: [
      { to: '/settings/questions/cognitive-levels', label: 'nav.cognitive_levels', anyOf: listPermissions(SETTINGS_AREAS.cognitiveLevels) },
      { to: '/settings/questions/difficulty-levels', label: 'nav.difficulty_levels', anyOf: listPermissions(SETTINGS_AREAS.difficultyLevels) },
      { to: '/settings/questions/learning-outcomes', label: 'nav.learning_outcomes', anyOf: listPermissions(SETTINGS_AREAS.learningOutcomes) },
      { to: '/settings/questions/depth-of-knowledge', label: 'nav.depth_of_knowledge', anyOf: listPermissions(SETTINGS_AREAS.depthOfKnowledges) },
    ],
  },
  {
    // SPEC section 6: the admin role gates system settings; each link also needs its view permission.
    label: 'nav.system_settings',
    roles: [ROLES.admin],
    items: [
      { to: '/settings/platforms', label: 'nav.platforms', anyOf: listPermissions(AREAS.platforms) },
      { to: '/settings/users', label: 'nav.users', anyOf: listPermissions(AREAS.users) },
      { to: '/demo-requests', label: 'nav.demo_requests', anyOf: listPermissions(AREAS.demoRequests) },
    ],
  },
];
