import { useEffect, useState } from 'react';
import { type ChosenVideo, proxiedVideoUrl } from '../../client/index.ts';

/** The chosen video in a player: the file itself through an object URL, or the link through our proxy. */
export function VideoPreview({ video }: { video: ChosenVideo }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (video.kind === 'url') {
      setSrc(proxiedVideoUrl(video.url));
      return;
    }
    const url = URL.createObjectURL(video.file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [video]);
  if (!src) return null;
  return (
    // biome-ignore lint/a11y/useMediaCaption: a user's own video has no captions to offer
    <video
      data-testid="video-preview"
      src={src}
      controls
      preload="metadata"
      style={{ width: '100%', maxHeight: 420, background: '#000', borderRadius: 8 }}
    />
  );
}
