import { auditEveryScreen } from './accessibility-audit';

/** axe-core over every screen of each role, in English (the other language runs beside it). */
auditEveryScreen('en');
