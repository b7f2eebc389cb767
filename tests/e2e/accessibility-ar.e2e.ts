import { auditEveryScreen } from './accessibility-audit';

/** axe-core over every screen of each role, in Arabic (the other language runs beside it). */
auditEveryScreen('ar');
