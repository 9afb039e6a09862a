import { MAX_PHOTOS, MAX_UPLOAD_BYTES, type PhotoItem } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import {
  addUpload,
  draftsOf,
  editPhoto,
  movePhotos,
  type PhotoDraft,
  photosBodyOf,
  photosLeft,
  removePhoto,
  shownPhotos,
  undescribed,
  uploadProblem,
} from './photos.js';

const item = (url: string, position: number | null): PhotoItem => ({
  url,
  description: url.toUpperCase(),
  kind: 'photo',
  author: '',
  isRemoved: position === null,
  position,
  propertyId: 'p',
  roomTypeId: null,
});
const saved = () => draftsOf([item('a', 0), item('b', 1), item('c', 2), item('z', null)]);
const urls = (drafts: PhotoDraft[]) => drafts.map((d) => `${d.url}${d.isRemoved ? '-' : ''}`).join(' ');

describe('photo drafts (M17)', () => {
  it('add an upload as an unsaved "ad" after the shown ones', () => {
    const drafts = addUpload(saved(), 'n');
    expect(urls(drafts)).toBe('a b c n z-');
    expect(drafts[3]).toMatchObject({ kind: 'ad', saved: false, description: '' });
    // The same image again is not listed twice; a removed one comes back.
    expect(urls(addUpload(drafts, 'n'))).toBe('a b c n z-');
    expect(urls(addUpload(drafts, 'z'))).toBe('a b c n z');
  });

  it.each([
    ['a saved photo is kept as removed', 'b', 'a c n b- z-'],
    ['an unsaved photo is dropped', 'n', 'a b c z-'],
    ['an unknown one changes nothing', 'q', 'a b c n z-'],
  ])('removing: %s', (_, url, expected) => {
    expect(urls(removePhoto(addUpload(saved(), 'n'), url))).toBe(expected);
  });

  it.each([
    [['c'], 'a', 'before', 'c a b z-'],
    [['a'], 'c', 'after', 'b c a z-'],
    [['a', 'b'], 'c', 'after', 'c a b z-'],
    [['b'], 'b', 'before', 'a b c z-'],
    [['b'], 'z', 'before', 'a b c z-'],
  ] as const)('moving %j %s %s → %s', (moving, target, where, expected) => {
    expect(urls(movePhotos(saved(), moving, target, where))).toBe(expected);
  });

  it('renumbers positions from 0 in the saved body, removed ones last, unsaved removed ones gone', () => {
    let drafts = addUpload(saved(), 'n');
    drafts = editPhoto(drafts, 'n', { description: '  Pool  ', kind: 'menu' });
    drafts = movePhotos(drafts, ['n'], 'a', 'before');
    drafts = removePhoto(drafts, 'b');
    drafts = removePhoto(addUpload(drafts, 'm'), 'm');
    expect(photosBodyOf(drafts).photos).toEqual([
      { url: 'n', description: 'Pool', kind: 'menu', author: '', isRemoved: false },
      { url: 'a', description: 'A', kind: 'photo', author: '', isRemoved: false },
      { url: 'c', description: 'C', kind: 'photo', author: '', isRemoved: false },
      { url: 'b', description: 'B', kind: 'photo', author: '', isRemoved: true },
      { url: 'z', description: 'Z', kind: 'photo', author: '', isRemoved: true },
    ]);
  });

  it('ask a description of each shown photo only', () => {
    const drafts = removePhoto(editPhoto(addUpload(saved(), 'n'), 'a', { description: ' ' }), 'z');
    expect(undescribed(drafts)).toEqual(['a', 'n']);
  });

  it('count what is left of the 100', () => {
    expect(photosLeft(saved())).toBe(MAX_PHOTOS - 3);
    expect(shownPhotos(saved())).toHaveLength(3);
  });

  it.each([
    ['lobby.jpg', 10, null],
    ['LOBBY.JPEG', 10, null],
    ['logo.png', MAX_UPLOAD_BYTES, null],
    ['logo.png', MAX_UPLOAD_BYTES + 1, 'file_too_large'],
    ['anim.gif', 10, 'unsupported_image'],
    ['photo.png.exe', 10, 'unsupported_image'],
    ['noextension', 10, 'unsupported_image'],
  ])('a file %s of %i bytes → %s', (name, size, expected) => {
    expect(uploadProblem({ name, size })).toBe(expected);
  });
});
