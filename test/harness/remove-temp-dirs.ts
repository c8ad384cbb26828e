/** Vitest setup file of every suite: the temporary folders of a test file go when it ends. */
import { afterAll } from 'vitest';
import { removeTempDirs } from '../fixtures/temp-dirs';

afterAll(() => removeTempDirs());
