import { describe, expect, it } from 'vitest';
import { RICH_TEXT_TAGS, sanitiseRichText } from '../src/services/store/richText.js';

// A type's description as the public store sends it: rebuilt from the allowed tags only, links to http(s) and
// mail only, everything else text; plain text becomes paragraphs.

describe('sanitiseRichText', () => {
  it.each<[string, string, string]>([
    [
      'allowed tags kept, attributes dropped',
      '<p class="x" onclick="y()">A <b>bold</b> <em>move</em></p>',
      '<p>A <b>bold</b> <em>move</em></p>',
    ],
    ['a script and its content dropped', '<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['a script in any case, unclosed', '<p>Hi</p><SCRIPT>alert(1)', '<p>Hi</p>'],
    ['an image with a handler dropped', '<p>x<img src=x onerror=alert(1)></p>', '<p>x</p>'],
    ['an unknown tag dropped, its text kept', '<p><span style="color:red">red</span></p>', '<p>red</p>'],
    [
      'a safe link kept',
      '<a href="https://example.com/a?b=1&amp;c=2" target=_blank>site</a>',
      '<a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener noreferrer">site</a>',
    ],
    ['a javascript: link loses its address', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['an encoded javascript: link loses its address', '<a href="javascript&#58;alert(1)">x</a>', '<a>x</a>'],
    [
      'a quote cannot break out of the address',
      '<a href=\'https://e.com/"onmouseover="x\'>x</a>',
      '<a href="https://e.com/&quot;onmouseover=&quot;x" rel="nofollow noopener noreferrer">x</a>',
    ],
    [
      'open tags closed, stray closings dropped',
      '<ul><li>one<li>two</div>',
      '<ul><li>one<li>two</li></li></ul>',
    ],
    ['a lone < is text', '<p>1 < 2 & 3 > 2</p>', '<p>1 &lt; 2 &amp; 3 &gt; 2</p>'],
    ['comments dropped', '<p>a<!-- <script>x</script> -->b</p>', '<p>ab</p>'],
    ['an attribute holding > does not end the tag early', '<p title="a>b">t</p>', '<p>t</p>'],
    [
      'plain text becomes paragraphs',
      'First line\nsecond line\n\nNext <one>',
      '<p>First line<br>second line</p><p>Next</p>',
    ],
    ['plain text is escaped', 'Tom & "Jerry" <3', '<p>Tom &amp; &quot;Jerry&quot; &lt;3</p>'],
    ['nothing', '', ''],
  ])('%s', (_, source, expected) => expect(sanitiseRichText(source)).toBe(expected));

  it('leaves no tag but the allowed ones in any input', () => {
    const hostile =
      '<svg onload=alert(1)><p>x</p></svg><iframe src=//e.com></iframe><<script>a</script>p>"\'';
    const out = sanitiseRichText(hostile);
    for (const tag of out.match(/<\/?([a-z0-9]+)/gi) ?? [])
      expect(RICH_TEXT_TAGS as readonly string[]).toContain(tag.replace(/[</]/g, '').toLowerCase());
    expect(out).not.toMatch(/on\w+=|javascript:/i);
  });
});
