import { describe, expect, it } from 'vitest';
import {
  UPLOAD_TYPES,
  createModalElementInput,
  disallowedMarkup,
  fileExtension,
  isAllowedExtension,
  placeholdersOf,
  uploadTypes,
} from '../src/index';

describe('file names and upload types', () => {
  it.each([
    ['Report.PDF', 'pdf'],
    ['archive.tar.gz', 'gz'],
    ['.env', ''],
    ['noext', ''],
    ['dir.v2/readme', ''],
    ['C:\\docs\\a.DocX', 'docx'],
  ])('the extension of %j is %j', (name, ext) => {
    expect(fileExtension(name)).toBe(ext);
  });

  it('accepts an extension only for the types that list it; never executables', () => {
    expect(isAllowedExtension('avatar', 'me.JPG')).toBe(true);
    expect(isAllowedExtension('avatar', 'cv.pdf')).toBe(false);
    expect(isAllowedExtension('general', 'cv.pdf')).toBe(true);
    for (const type of uploadTypes) {
      for (const bad of ['x.exe', 'x.bat', 'x.js', 'x.html', 'x.svg', 'x.msi', 'x.sh']) expect(isAllowedExtension(type, bad), `${type} ${bad}`).toBe(false);
    }
    expect(Object.keys(UPLOAD_TYPES)).toEqual(uploadTypes);
  });
});

describe('translation checks', () => {
  it('lists the placeholders of a text once each, sorted, ignoring formats', () => {
    expect(placeholdersOf('Hi {{name}}, {{ count, number }} new; again {{name}}')).toEqual(['count', 'name']);
    expect(placeholdersOf('No placeholders, {not one}')).toEqual([]);
  });

  it('finds markup other than the few allowed tags', () => {
    expect(disallowedMarkup('Request <b>#{{n}}</b><br/> 3 < 4')).toEqual([]);
    expect(disallowedMarkup('<script>x</script><i style="x">y</i><!-- z -->')).toEqual(['<script>', '</script>', '<i style="x">', '<!-- z -->']);
  });
});

describe('modal element input', () => {
  it('takes a 10-digit TIN for counterparties only', () => {
    expect(createModalElementInput.safeParse({ modalElement: 'vendor', name: 'A', tin: '0123456789' }).success).toBe(true);
    expect(createModalElementInput.safeParse({ modalElement: 'vendor', name: 'A', tin: '012345678' }).success).toBe(false);
    expect(createModalElementInput.safeParse({ modalElement: 'tag', name: 'A', tin: '0123456789' }).success).toBe(false);
    expect(createModalElementInput.safeParse({ modalElement: 'tag', name: '   ' }).success).toBe(false);
  });
});
