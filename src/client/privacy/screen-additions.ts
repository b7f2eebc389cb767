import type { ScreenAdditions } from '../generic';
import { EraseStudentButton } from './EraseStudentButton';
import { ExportPersonalDataButton } from './ExportPersonalDataButton';
import { PRIVACY_ACCESS } from './permissions';

/** A student's personal data on their edit screen: its export, and its erasure for those allowed. */
const additions: Record<string, ScreenAdditions> = {
  students: {
    editActions: [
      { component: ExportPersonalDataButton, anyOf: PRIVACY_ACCESS.export },
      { component: EraseStudentButton, anyOf: PRIVACY_ACCESS.erase },
    ],
  },
};

export default additions;
