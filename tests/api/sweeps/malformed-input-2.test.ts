import { malformedSweep } from './malformed-sweep';

malformedSweep(2);
