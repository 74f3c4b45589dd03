/**
 * One table per rule: real-looking addresses of each CDN's or CMS's resized copies → the
 * original's addresses the rule guesses, most likely first; and addresses it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { CMS_RULES } from '../../../src/extractors/originals/rules/cms.ts';
import { COMMERCE_RULES } from '../../../src/extractors/originals/rules/commerce.ts';
import { IMAGE_CDN_RULES } from '../../../src/extractors/originals/rules/imageCdns.ts';
import { ORIGINAL_RULES, type OriginalRule } from '../../../src/extractors/originals/rules/index.ts';
import { PLATFORM_RULES } from '../../../src/extractors/originals/rules/platforms.ts';

const byName = new Map(ORIGINAL_RULES.map((rule) => [rule.name, rule]));

/** What one rule makes of `input`: [] when it does not read it. */
function apply(rule: OriginalRule, input: string): string[] {
  const url = new URL(input);
  return rule.matches(url) ? rule.originals(url) : [];
}

type Row = [input: string, expected: string[]];

const TABLES: Record<string, Row[]> = {
  WordPress: [
    [
      'https://example.com/wp-content/uploads/2024/05/photo-300x200.jpg',
      [
        'https://example.com/wp-content/uploads/2024/05/photo.jpg',
        'https://example.com/wp-content/uploads/2024/05/photo-scaled.jpg',
      ],
    ],
    [
      'https://blog.example.org/wp-content/uploads/sites/3/2023/01/IMG_1234-1024x683.jpeg?v=2',
      [
        'https://blog.example.org/wp-content/uploads/sites/3/2023/01/IMG_1234.jpeg',
        'https://blog.example.org/wp-content/uploads/sites/3/2023/01/IMG_1234-scaled.jpeg',
      ],
    ],
    [
      'https://example.com/wp-content/uploads/2024/05/photo-150x150@2x.png',
      [
        'https://example.com/wp-content/uploads/2024/05/photo.png',
        'https://example.com/wp-content/uploads/2024/05/photo-scaled.png',
      ],
    ],
    [
      'https://example.com/wp-content/uploads/2024/05/big-photo-scaled.jpg',
      ['https://example.com/wp-content/uploads/2024/05/big-photo.jpg'],
    ],
    [
      'https://example.com/wp-content/uploads/2021/02/photo-e1612345678901-768x512.webp',
      [
        'https://example.com/wp-content/uploads/2021/02/photo-e1612345678901.webp',
        'https://example.com/wp-content/uploads/2021/02/photo-e1612345678901-scaled.webp',
      ],
    ],
    // A file's own name with a small "size" in it, an original, a file outside the uploads.
    ['https://example.com/wp-content/uploads/2024/05/logo-2x1.png', []],
    ['https://example.com/wp-content/uploads/2024/05/photo.jpg', []],
    ['https://example.com/images/photo-300x200.jpg', []],
    ['https://example.com/wp-content/uploads/2024/05/report-300x200.pdf', []],
  ],
  'Jetpack Photon': [
    [
      'https://i0.wp.com/example.com/wp-content/uploads/2020/01/photo.jpg?resize=300%2C200&ssl=1',
      [
        'https://i0.wp.com/example.com/wp-content/uploads/2020/01/photo.jpg?ssl=1',
        'https://example.com/wp-content/uploads/2020/01/photo.jpg',
      ],
    ],
    [
      'https://i2.wp.com/example.com/wp-content/uploads/2020/01/photo-1024x683.jpg?w=640&fit=640%2C427',
      [
        'https://i2.wp.com/example.com/wp-content/uploads/2020/01/photo.jpg',
        'http://example.com/wp-content/uploads/2020/01/photo.jpg',
        'https://i2.wp.com/example.com/wp-content/uploads/2020/01/photo-scaled.jpg',
        'http://example.com/wp-content/uploads/2020/01/photo-scaled.jpg',
        'https://i2.wp.com/example.com/wp-content/uploads/2020/01/photo-1024x683.jpg',
        'http://example.com/wp-content/uploads/2020/01/photo-1024x683.jpg',
      ],
    ],
    [
      'https://myblog.files.wordpress.com/2019/03/sunset.jpg?w=300&h=200',
      ['https://myblog.files.wordpress.com/2019/03/sunset.jpg'],
    ],
    // Photon without any sizing: already the original.
    ['https://i1.wp.com/example.com/wp-content/uploads/2020/01/photo.jpg?ssl=1', []],
    ['https://wp.com/photo.jpg?w=300', []],
  ],
  Ghost: [
    [
      'https://blog.ghost.org/content/images/size/w600/2023/01/hero.jpg',
      ['https://blog.ghost.org/content/images/2023/01/hero.jpg'],
    ],
    [
      'https://example.com/content/images/size/w1000/format/webp/2023/01/hero.png',
      ['https://example.com/content/images/2023/01/hero.png'],
    ],
    ['https://example.com/content/images/2023/01/hero.png', []],
  ],
  Wix: [
    [
      'https://static.wixstatic.com/media/a3c153_4f5e6d7c8b9a~mv2.jpg/v1/fill/w_300,h_200,al_c,q_80,usm_0.66_1.00_0.01,enc_auto/photo.jpg',
      ['https://static.wixstatic.com/media/a3c153_4f5e6d7c8b9a~mv2.jpg'],
    ],
    [
      'https://static.wixstatic.com/media/11062b_abc~mv2.png/v1/fit/w_500,h_500,q_90/file.png',
      ['https://static.wixstatic.com/media/11062b_abc~mv2.png'],
    ],
    ['https://static.wixstatic.com/media/a3c153_4f5e6d7c8b9a~mv2.jpg', []],
  ],
  Squarespace: [
    [
      'https://images.squarespace-cdn.com/content/v1/5a1b2c3d/1600000000000-ABC/photo.jpg?format=300w',
      ['https://images.squarespace-cdn.com/content/v1/5a1b2c3d/1600000000000-ABC/photo.jpg?format=original'],
    ],
    [
      'https://static1.squarespace.com/static/5a1b/t/5b2c/1600000000000/photo.jpg?format=1500w',
      ['https://static1.squarespace.com/static/5a1b/t/5b2c/1600000000000/photo.jpg?format=original'],
    ],
    ['https://images.squarespace-cdn.com/content/v1/5a1b2c3d/photo.jpg?format=original', []],
    ['https://images.squarespace-cdn.com/content/v1/5a1b2c3d/photo.jpg', []],
  ],
  Shopify: [
    [
      'https://cdn.shopify.com/s/files/1/0123/4567/products/shirt_300x.jpg?v=1612345678',
      ['https://cdn.shopify.com/s/files/1/0123/4567/products/shirt.jpg?v=1612345678'],
    ],
    [
      'https://cdn.shopify.com/s/files/1/0123/4567/products/shirt_300x200_crop_center@2x.progressive.jpg',
      ['https://cdn.shopify.com/s/files/1/0123/4567/products/shirt.jpg'],
    ],
    [
      'https://cdn.shopify.com/s/files/1/0123/4567/products/blue_shirt_grande.png?v=3',
      ['https://cdn.shopify.com/s/files/1/0123/4567/products/blue_shirt.png?v=3'],
    ],
    [
      'https://cdn.shopify.com/s/files/1/0123/4567/products/shirt_x600.jpg',
      ['https://cdn.shopify.com/s/files/1/0123/4567/products/shirt.jpg'],
    ],
    [
      'https://shop.example.com/cdn/shop/files/shirt.jpg?v=1700000000&width=533',
      ['https://shop.example.com/cdn/shop/files/shirt.jpg?v=1700000000'],
    ],
    ['https://cdn.shopify.com/s/files/1/0123/4567/products/shirt.jpg?v=1612345678', []],
    ['https://cdn.shopify.com/s/files/1/0123/4567/products/shirt_x.jpg', []],
  ],
  Amazon: [
    [
      'https://m.media-amazon.com/images/I/71abcDEF+L._AC_SX300_.jpg',
      ['https://m.media-amazon.com/images/I/71abcDEF+L.jpg'],
    ],
    [
      'https://m.media-amazon.com/images/I/81xyz123AB._AC_UL320_.jpg',
      ['https://m.media-amazon.com/images/I/81xyz123AB.jpg'],
    ],
    [
      'https://images-na.ssl-images-amazon.com/images/I/51abc._SX331_BO1,204,203,200_.jpg',
      ['https://images-na.ssl-images-amazon.com/images/I/51abc.jpg'],
    ],
    ['https://m.media-amazon.com/images/I/71abcDEF+L.jpg', []],
  ],
  eBay: [
    [
      'https://i.ebayimg.com/images/g/abcAAOSw1234/s-l300.jpg',
      ['https://i.ebayimg.com/images/g/abcAAOSw1234/s-l1600.jpg'],
    ],
    [
      'https://i.ebayimg.com/thumbs/images/g/abcAAOSw1234/s-l225.webp',
      [
        'https://i.ebayimg.com/images/g/abcAAOSw1234/s-l1600.webp',
        'https://i.ebayimg.com/images/g/abcAAOSw1234/s-l1600.jpg',
      ],
    ],
    ['https://i.ebayimg.com/images/g/abcAAOSw1234/s-l1600.jpg', []],
  ],
  Etsy: [
    [
      'https://i.etsystatic.com/12345678/r/il/a1b2c3/1234567890/il_340x270.1234567890_abcd.jpg',
      ['https://i.etsystatic.com/12345678/r/il/a1b2c3/1234567890/il_fullxfull.1234567890_abcd.jpg'],
    ],
    [
      'https://i.etsystatic.com/12345678/r/il/a1b2c3/1234567890/il_794xN.1234567890_abcd.jpg',
      ['https://i.etsystatic.com/12345678/r/il/a1b2c3/1234567890/il_fullxfull.1234567890_abcd.jpg'],
    ],
    ['https://i.etsystatic.com/12345678/r/il/a1b2c3/1234567890/il_fullxfull.1234567890_abcd.jpg', []],
  ],
  Cloudinary: [
    [
      'https://res.cloudinary.com/demo/image/upload/w_300,c_fill,g_auto/v1612345678/folder/sample.jpg',
      ['https://res.cloudinary.com/demo/image/upload/v1612345678/folder/sample.jpg'],
    ],
    [
      'https://res.cloudinary.com/demo/image/upload/c_scale,w_500/f_auto,q_auto/sample.png',
      ['https://res.cloudinary.com/demo/image/upload/sample.png'],
    ],
    [
      'https://res.cloudinary.com/demo/image/upload/s--Ai4Znfl3--/c_crop,h_200,w_300/v1/sample.jpg',
      ['https://res.cloudinary.com/demo/image/upload/v1/sample.jpg'],
    ],
    [
      'https://res.cloudinary.com/demo/image/fetch/w_300,f_auto/https://upload.example.org/photo.jpg',
      ['https://upload.example.org/photo.jpg'],
    ],
    // A folder named like a parameter that is not one; no transformation at all.
    ['https://res.cloudinary.com/demo/image/upload/my_photos/sample.jpg', []],
    ['https://res.cloudinary.com/demo/image/upload/v1612345678/sample.jpg', []],
  ],
  Substack: [
    [
      'https://substackcdn.com/image/fetch/w_424,c_limit,f_auto,q_auto:good,fl_progressive:steep/https%3A%2F%2Fsubstack-post-media.s3.amazonaws.com%2Fpublic%2Fimages%2Fabc-123_1024x768.jpeg',
      ['https://substack-post-media.s3.amazonaws.com/public/images/abc-123_1024x768.jpeg'],
    ],
    [
      'https://substackcdn.com/image/fetch/$s_!AbCd!,w_1456,c_limit,f_webp,q_auto:good,fl_progressive:steep/https%3A%2F%2Fsubstack-post-media.s3.amazonaws.com%2Fpublic%2Fimages%2Fxyz.png',
      ['https://substack-post-media.s3.amazonaws.com/public/images/xyz.png'],
    ],
    ['https://substackcdn.com/image/fetch/w_424/not-an-address', []],
  ],
  imgix: [
    [
      'https://assets.imgix.net/unsplash/bridge.jpg?w=300&h=200&fit=crop&auto=format',
      ['https://assets.imgix.net/unsplash/bridge.jpg'],
    ],
    ['https://assets.imgix.net/unsplash/bridge.jpg', []],
  ],
  Unsplash: [
    [
      'https://images.unsplash.com/photo-1506744038136-46273834b3fb?ixlib=rb-4.0.3&ixid=M3wxMjA3&w=400&q=80&fm=jpg&crop=entropy&cs=tinysrgb',
      ['https://images.unsplash.com/photo-1506744038136-46273834b3fb?ixlib=rb-4.0.3&ixid=M3wxMjA3'],
    ],
    ['https://images.unsplash.com/photo-1506744038136-46273834b3fb?ixid=M3wxMjA3', []],
  ],
  Pexels: [
    [
      'https://images.pexels.com/photos/1108099/pexels-photo-1108099.jpeg?auto=compress&cs=tinysrgb&w=600&h=400&dpr=1',
      ['https://images.pexels.com/photos/1108099/pexels-photo-1108099.jpeg'],
    ],
    ['https://images.pexels.com/photos/1108099/pexels-photo-1108099.jpeg', []],
  ],
  Contentful: [
    [
      'https://images.ctfassets.net/yadj1kx9rmg0/wtrHxeu3zEoEce2MokCSi/cf6f68efdcf625fdc060607df0f3baef/quwowooybuqbl6ntboz3.jpg?w=300&h=200&fit=fill&fm=webp&q=80',
      [
        'https://images.ctfassets.net/yadj1kx9rmg0/wtrHxeu3zEoEce2MokCSi/cf6f68efdcf625fdc060607df0f3baef/quwowooybuqbl6ntboz3.jpg',
      ],
    ],
    ['https://images.ctfassets.net/yadj1kx9rmg0/wtrHxeu3zEoEce2MokCSi/cf6f68ef/photo.jpg', []],
  ],
  Sanity: [
    [
      'https://cdn.sanity.io/images/zp7mbokg/production/G3i4emG6B8JnTmGoN0UjgAp8-3000x2000.jpg?w=300&h=200&fit=crop&auto=format',
      ['https://cdn.sanity.io/images/zp7mbokg/production/G3i4emG6B8JnTmGoN0UjgAp8-3000x2000.jpg'],
    ],
    // The size in a Sanity file's name is the original's: nothing to guess without a query.
    ['https://cdn.sanity.io/images/zp7mbokg/production/G3i4emG6B8JnTmGoN0UjgAp8-3000x2000.jpg', []],
  ],
  'Akamai Image Manager': [
    [
      'https://www.example.com/images/products/item12345.jpg?imwidth=300&v=2',
      ['https://www.example.com/images/products/item12345.jpg?v=2'],
    ],
    [
      'https://www.example.com/images/hero.png?impolicy=Resize&imdensity=2',
      ['https://www.example.com/images/hero.png'],
    ],
    ['https://www.example.com/images/hero.png?v=2', []],
  ],
  'Fastly Image Optimizer': [
    [
      'https://www.example.com/image/photo.jpg?width=300&height=200&crop=16:9&fit=cover&format=webp',
      ['https://www.example.com/image/photo.jpg'],
    ],
    [
      'https://news.example.com/media/p/photo.png?width=640&quality=80&v=7',
      ['https://news.example.com/media/p/photo.png?v=7'],
    ],
    // Not an image file name, and no numeric width.
    ['https://www.example.com/page?width=300', []],
    ['https://www.example.com/photo.jpg?width=full', []],
  ],
  Dribbble: [
    [
      'https://cdn.dribbble.com/userupload/1234567/file/original-abcdef.png?resize=400x300&vertical=center',
      ['https://cdn.dribbble.com/userupload/1234567/file/original-abcdef.png'],
    ],
    [
      'https://cdn.dribbble.com/users/123/screenshots/4567890/shot_teaser.png',
      [
        'https://cdn.dribbble.com/users/123/screenshots/4567890/shot_4x.png',
        'https://cdn.dribbble.com/users/123/screenshots/4567890/shot.png',
      ],
    ],
    ['https://cdn.dribbble.com/userupload/1234567/file/original-abcdef.png', []],
  ],
  Wikimedia: [
    [
      'https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/Eiffel_Tower.jpg/300px-Eiffel_Tower.jpg',
      ['https://upload.wikimedia.org/wikipedia/commons/a/ab/Eiffel_Tower.jpg'],
    ],
    ['https://upload.wikimedia.org/wikipedia/commons/thumb/4/4a/Logo.svg/Logo.svg.png', []],
    [
      'https://upload.wikimedia.org/wikipedia/commons/thumb/b/b1/Karte.png/lang-de-220px-Karte.png',
      ['https://upload.wikimedia.org/wikipedia/commons/b/b1/Karte.png'],
    ],
    ['https://upload.wikimedia.org/wikipedia/commons/thumb/4/4a/Logo.svg/220px-Logo.svg.png', []],
    ['https://upload.wikimedia.org/wikipedia/commons/thumb/5/5e/Report.pdf/page1-300px-Report.pdf.jpg', []],
    [
      'https://wiki.example.org/images/thumb/1/1c/Map.png/640px-Map.png',
      ['https://wiki.example.org/images/1/1c/Map.png'],
    ],
    ['https://upload.wikimedia.org/wikipedia/commons/a/ab/Eiffel_Tower.jpg', []],
    ['https://example.com/thumb/a/ab/Eiffel_Tower.jpg/cover.jpg', []],
  ],
  Google: [
    ['https://lh3.googleusercontent.com/AbCdEf123_xyz=s200', ['https://lh3.googleusercontent.com/AbCdEf123_xyz=s0']],
    [
      'https://lh3.googleusercontent.com/AbCdEf123_xyz=w300-h200-c',
      ['https://lh3.googleusercontent.com/AbCdEf123_xyz=s0'],
    ],
    ['https://yt3.ggpht.com/AbC123=s88-c-k-c0x00ffffff-no-rj', ['https://yt3.ggpht.com/AbC123=s0']],
    [
      'https://1.bp.blogspot.com/-abc/XYZ/AAAAAAAAAAA/BBB/s200/photo.jpg',
      [
        'https://1.bp.blogspot.com/-abc/XYZ/AAAAAAAAAAA/BBB/s0/photo.jpg',
        'https://1.bp.blogspot.com/-abc/XYZ/AAAAAAAAAAA/BBB/s1600/photo.jpg',
      ],
    ],
    [
      'https://blogger.googleusercontent.com/img/b/R29vZ2xl/AVvXsEi/w640-h400/photo.png',
      [
        'https://blogger.googleusercontent.com/img/b/R29vZ2xl/AVvXsEi/s0/photo.png',
        'https://blogger.googleusercontent.com/img/b/R29vZ2xl/AVvXsEi/s1600/photo.png',
      ],
    ],
    ['https://lh3.googleusercontent.com/AbCdEf123_xyz=s0', []],
    ['https://lh3.googleusercontent.com/AbCdEf123_xyz', []],
  ],
  'Twitter/X': [
    [
      'https://pbs.twimg.com/media/FabcDEFxyz?format=jpg&name=small',
      ['https://pbs.twimg.com/media/FabcDEFxyz?format=jpg&name=orig'],
    ],
    [
      'https://pbs.twimg.com/media/FabcDEFxyz?format=webp&name=900x900',
      [
        'https://pbs.twimg.com/media/FabcDEFxyz?format=jpg&name=orig',
        'https://pbs.twimg.com/media/FabcDEFxyz?format=png&name=orig',
      ],
    ],
    ['https://pbs.twimg.com/media/FabcDEFxyz.jpg:small', ['https://pbs.twimg.com/media/FabcDEFxyz.jpg?name=orig']],
    [
      'https://pbs.twimg.com/profile_images/1234567890/abcDEF_normal.jpg',
      ['https://pbs.twimg.com/profile_images/1234567890/abcDEF.jpg'],
    ],
    ['https://pbs.twimg.com/media/FabcDEFxyz?format=jpg&name=orig', []],
  ],
  Pinterest: [
    [
      'https://i.pinimg.com/236x/ab/cd/ef/abcdef0123456789.jpg',
      [
        'https://i.pinimg.com/originals/ab/cd/ef/abcdef0123456789.jpg',
        'https://i.pinimg.com/originals/ab/cd/ef/abcdef0123456789.png',
        'https://i.pinimg.com/originals/ab/cd/ef/abcdef0123456789.gif',
      ],
    ],
    [
      'https://i.pinimg.com/75x75_RS/ab/cd/ef/abcdef.jpg',
      [
        'https://i.pinimg.com/originals/ab/cd/ef/abcdef.jpg',
        'https://i.pinimg.com/originals/ab/cd/ef/abcdef.png',
        'https://i.pinimg.com/originals/ab/cd/ef/abcdef.gif',
      ],
    ],
    ['https://i.pinimg.com/originals/ab/cd/ef/abcdef.jpg', []],
  ],
  YouTube: [
    [
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg?sqp=-oaymwE&rs=AOn4CL',
      ['https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/sddefault.jpg'],
    ],
    [
      'https://i.ytimg.com/vi_webp/dQw4w9WgXcQ/mqdefault.webp',
      [
        'https://i.ytimg.com/vi_webp/dQw4w9WgXcQ/maxresdefault.webp',
        'https://i.ytimg.com/vi_webp/dQw4w9WgXcQ/sddefault.webp',
        'https://i.ytimg.com/vi_webp/dQw4w9WgXcQ/hqdefault.webp',
      ],
    ],
    [
      'https://img.youtube.com/vi/dQw4w9WgXcQ/0.jpg',
      [
        'https://img.youtube.com/vi/dQw4w9WgXcQ/maxresdefault.jpg',
        'https://img.youtube.com/vi/dQw4w9WgXcQ/sddefault.jpg',
      ],
    ],
    ['https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg', []],
    ['https://i.ytimg.com/vi/dQw4w9WgXcQ/hq720.jpg', []],
  ],
  Medium: [
    ['https://miro.medium.com/v2/resize:fit:700/1*AbCdEf.jpeg', ['https://miro.medium.com/v2/1*AbCdEf.jpeg']],
    ['https://miro.medium.com/v2/format:webp/resize:fill:88:88/0*XyZ.png', ['https://miro.medium.com/v2/0*XyZ.png']],
    [
      'https://miro.medium.com/max/700/1*AbCdEf.png',
      ['https://miro.medium.com/v2/1*AbCdEf.png', 'https://miro.medium.com/1*AbCdEf.png'],
    ],
    ['https://miro.medium.com/v2/1*AbCdEf.jpeg', []],
  ],
  Flickr: [
    [
      'https://live.staticflickr.com/65535/51234567890_abcdef1234_m.jpg',
      [
        'https://live.staticflickr.com/65535/51234567890_abcdef1234_b.jpg',
        'https://live.staticflickr.com/65535/51234567890_abcdef1234_c.jpg',
        'https://live.staticflickr.com/65535/51234567890_abcdef1234_z.jpg',
      ],
    ],
    [
      'https://farm5.staticflickr.com/4321/12345678901_abcdef1234.jpg',
      [
        'https://farm5.staticflickr.com/4321/12345678901_abcdef1234_b.jpg',
        'https://farm5.staticflickr.com/4321/12345678901_abcdef1234_c.jpg',
        'https://farm5.staticflickr.com/4321/12345678901_abcdef1234_z.jpg',
      ],
    ],
    [
      'https://live.staticflickr.com/65535/51234567890_abcdef1234_c.jpg',
      ['https://live.staticflickr.com/65535/51234567890_abcdef1234_b.jpg'],
    ],
    ['https://live.staticflickr.com/65535/51234567890_abcdef1234_b.jpg', []],
    ['https://live.staticflickr.com/65535/51234567890_fedcba4321_o.jpg', []],
  ],
  Tumblr: [
    [
      'https://64.media.tumblr.com/abc123/tumblr_nabcdefXYZ1qz9_500.jpg',
      ['https://64.media.tumblr.com/abc123/tumblr_nabcdefXYZ1qz9_1280.jpg'],
    ],
    [
      'https://64.media.tumblr.com/0123abcd/4567efab/s640x960/89abcdef.jpg',
      [
        'https://64.media.tumblr.com/0123abcd/4567efab/s2048x3072/89abcdef.jpg',
        'https://64.media.tumblr.com/0123abcd/4567efab/s1280x1920/89abcdef.jpg',
      ],
    ],
    ['https://64.media.tumblr.com/0123abcd/4567efab/s2048x3072/89abcdef.jpg', []],
    ['https://64.media.tumblr.com/abc123/tumblr_nabcdefXYZ1qz9_1280.jpg', []],
  ],
  Reddit: [
    [
      'https://preview.redd.it/a1b2c3d4e5f6.jpg?width=640&crop=smart&auto=webp&s=0123abcd',
      ['https://i.redd.it/a1b2c3d4e5f6.jpg'],
    ],
    [
      'https://preview.redd.it/my-cat-at-sunset-v0-a1b2c3d4e5f6.png?width=1080&format=png&auto=webp&s=abc',
      ['https://i.redd.it/a1b2c3d4e5f6.png'],
    ],
    ['http://preview.redd.it:8080/a1b2c3d4e5f6.gif?format=mp4&s=1', ['http://i.redd.it:8080/a1b2c3d4e5f6.gif']],
    ['https://external-preview.redd.it/AbC.jpg?width=640&s=abc', []],
  ],
  Behance: [
    [
      'https://mir-s3-cdn-cf.behance.net/project_modules/max_632/1a2b3c123456.5e6f7a8b9c0d1.jpg',
      [
        'https://mir-s3-cdn-cf.behance.net/project_modules/source/1a2b3c123456.5e6f7a8b9c0d1.jpg',
        'https://mir-s3-cdn-cf.behance.net/project_modules/max_3840/1a2b3c123456.5e6f7a8b9c0d1.jpg',
        'https://mir-s3-cdn-cf.behance.net/project_modules/fs/1a2b3c123456.5e6f7a8b9c0d1.jpg',
        'https://mir-s3-cdn-cf.behance.net/project_modules/1400/1a2b3c123456.5e6f7a8b9c0d1.jpg',
      ],
    ],
    [
      'https://mir-s3-cdn-cf.behance.net/projects/404/abc123.jpg',
      [
        'https://mir-s3-cdn-cf.behance.net/projects/original/abc123.jpg',
        'https://mir-s3-cdn-cf.behance.net/projects/max_808/abc123.jpg',
      ],
    ],
    ['https://mir-s3-cdn-cf.behance.net/project_modules/source/1a2b3c.jpg', []],
  ],
};

describe('every rule has a table', () => {
  it('names each rule of the set once, and each has a table with a negative row', () => {
    const names = ORIGINAL_RULES.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(TABLES).sort()).toEqual([...names].sort());
    for (const rows of Object.values(TABLES)) expect(rows.some(([, expected]) => expected.length === 0)).toBe(true);
    expect(ORIGINAL_RULES).toEqual([...CMS_RULES, ...COMMERCE_RULES, ...PLATFORM_RULES, ...IMAGE_CDN_RULES]);
  });
});

for (const [name, rows] of Object.entries(TABLES)) {
  describe(name, () => {
    it.each(rows)('%s', (input, expected) => {
      const rule = byName.get(name);
      if (!rule) throw new Error(`no rule named ${name}`);
      expect(apply(rule, input)).toEqual(expected);
    });
  });
}
