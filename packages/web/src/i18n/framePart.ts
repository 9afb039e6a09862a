import { frameEn } from './frame';
import type { CataloguePart } from './index';

/** The app frame's strings and its pages' (`frame.ts`): loaded with the frame (`layouts/AppLayout.tsx`). */
export const framePart: CataloguePart = { language: 'en', messages: frameEn };
