/**
 * Video platforms whose links are web pages, not video files. The server does not download from
 * them (their terms forbid it and their streams are not plain files), so both the screen and the
 * API say so instead of failing later with "not a video". Their CDNs (vimeocdn.com…) are not listed:
 * a direct file link there is a plain video file.
 */
const PLATFORM_HOSTS: ReadonlyArray<readonly [host: string, name: string]> = [
  ['youtube.com', 'YouTube'],
  ['youtu.be', 'YouTube'],
  ['youtube-nocookie.com', 'YouTube'],
  ['vimeo.com', 'Vimeo'],
  ['tiktok.com', 'TikTok'],
  ['dailymotion.com', 'Dailymotion'],
  ['dai.ly', 'Dailymotion'],
  ['twitch.tv', 'Twitch'],
  ['facebook.com', 'Facebook'],
  ['fb.watch', 'Facebook'],
  ['instagram.com', 'Instagram'],
  ['twitter.com', 'X'],
  ['x.com', 'X'],
  ['rumble.com', 'Rumble'],
  ['bilibili.com', 'Bilibili'],
  ['streamable.com', 'Streamable'],
];

/** The platform's name when `url` points at a video platform's page (any subdomain), else undefined. */
export function videoPlatformOf(url: string): string | undefined {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return undefined;
  }
  for (const [domain, name] of PLATFORM_HOSTS) {
    if (host === domain || host.endsWith(`.${domain}`)) return name;
  }
  return undefined;
}
