import { describe, expect, it } from 'vitest';
import { parseSrcset, type SrcsetCandidate } from '../../../src/extractors/page/index.ts';

const cases: { name: string; value: string; expected: SrcsetCandidate[] }[] = [
  {
    name: 'width descriptors',
    value: 'photo-320w.jpg 320w, photo-640w.jpg 640w',
    expected: [
      { url: 'photo-320w.jpg', descriptor: '320w', width: 320 },
      { url: 'photo-640w.jpg', descriptor: '640w', width: 640 },
    ],
  },
  {
    name: 'density descriptors, decimals included',
    value: 'logo.png 1x, logo@1.5x.png 1.5x,logo@2x.png 2x',
    expected: [
      { url: 'logo.png', descriptor: '1x', density: 1 },
      { url: 'logo@1.5x.png', descriptor: '1.5x', density: 1.5 },
      { url: 'logo@2x.png', descriptor: '2x', density: 2 },
    ],
  },
  {
    name: 'a candidate without descriptor',
    value: 'hero.webp',
    expected: [{ url: 'hero.webp' }],
  },
  {
    name: 'commas inside URLs (Cloudinary, Kinja) stay in the URL',
    value:
      'https://i.kinja-img.com/upload/c_fill,f_auto,h_180,w_320/abc.jpg 320w, https://i.kinja-img.com/upload/c_fill,f_auto,h_264,w_470/abc.jpg 470w',
    expected: [
      { url: 'https://i.kinja-img.com/upload/c_fill,f_auto,h_180,w_320/abc.jpg', descriptor: '320w', width: 320 },
      { url: 'https://i.kinja-img.com/upload/c_fill,f_auto,h_264,w_470/abc.jpg', descriptor: '470w', width: 470 },
    ],
  },
  {
    name: 'no space after the comma between candidates',
    value: '/a.jpeg?imwidth=450 450w,/a.jpeg?imwidth=900 900w',
    expected: [
      { url: '/a.jpeg?imwidth=450', descriptor: '450w', width: 450 },
      { url: '/a.jpeg?imwidth=900', descriptor: '900w', width: 900 },
    ],
  },
  {
    name: 'newlines, tabs and extra whitespace',
    value: '\n\t  small.jpg   480w ,\n   large.jpg\t1080w  \n',
    expected: [
      { url: 'small.jpg', descriptor: '480w', width: 480 },
      { url: 'large.jpg', descriptor: '1080w', width: 1080 },
    ],
  },
  {
    name: 'trailing commas glued to a URL end the candidate',
    value: 'a.jpg,, b.jpg 2x',
    expected: [{ url: 'a.jpg' }, { url: 'b.jpg', descriptor: '2x', density: 2 }],
  },
  {
    name: 'a data: URL candidate keeps its comma',
    value: 'data:image/gif;base64,R0lGODlhAQABAAAAACw= 1x, real.jpg 2x',
    expected: [
      { url: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', descriptor: '1x', density: 1 },
      { url: 'real.jpg', descriptor: '2x', density: 2 },
    ],
  },
  {
    name: 'an unreadable descriptor keeps the URL and the text, without numbers',
    value: 'odd.jpg big, even.jpg 0w',
    expected: [
      { url: 'odd.jpg', descriptor: 'big' },
      { url: 'even.jpg', descriptor: '0w' },
    ],
  },
  {
    name: 'width and height together',
    value: 'a.jpg 400w 300h',
    expected: [{ url: 'a.jpg', descriptor: '400w 300h', width: 400, height: 300 }],
  },
  { name: 'an empty value', value: '   ', expected: [] },
  { name: 'only commas', value: ', ,,', expected: [] },
];

describe('parseSrcset', () => {
  it.each(cases)('should read $name', ({ value, expected }) => {
    expect(parseSrcset(value)).toEqual(expected);
  });
});
