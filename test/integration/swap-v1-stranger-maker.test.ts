/** Issue 32 point 2 on today's v1 shape: the stranger "market maker" (swap-stranger-maker-suite.ts). */
import { strangerMakerSuite } from './swap-stranger-maker-suite';

strangerMakerSuite('v1');
