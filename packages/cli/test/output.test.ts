import { describe, expect, it } from 'vitest';
import { formatFields, formatJson, formatTable } from '../src/index.js';

describe('output', () => {
  it('aligns keys, continues lists under their first line and leaves empty values out', () => {
    expect(
      formatFields([
        ['Name', 'Helga'],
        ['Agency', null],
        ['Properties', ['Harbour View Hotel (manager)', 'Laugavegur Townhouse (manager)']],
        ['Notes', []],
        ['Role', 'supplier'],
      ]),
    ).toBe(
      'Name        Helga\n' +
        'Properties  Harbour View Hotel (manager)\n' +
        '            Laugavegur Townhouse (manager)\n' +
        'Role        supplier\n',
    );
  });

  it('pads table columns to the widest cell', () => {
    expect(
      formatTable(
        ['ID', 'KIND'],
        [
          ['1', 'otp_code'],
          ['22', 'password_reset'],
        ],
      ),
    ).toBe('ID  KIND\n1   otp_code\n22  password_reset\n');
  });

  it('prints JSON with two spaces and a final newline', () => {
    expect(formatJson({ a: 1, b: [true] })).toBe('{\n  "a": 1,\n  "b": [\n    true\n  ]\n}\n');
  });
});
