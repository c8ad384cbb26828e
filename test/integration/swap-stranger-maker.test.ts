/** Issue 32 point 2 on the v6 shape: the stranger "market maker" (swap-stranger-maker-suite.ts). */
import { strangerMakerSuite } from './swap-stranger-maker-suite';

strangerMakerSuite('v6');
