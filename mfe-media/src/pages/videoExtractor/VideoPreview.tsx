import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from 'shared-contracts';
import { Text } from 'shared-ui/design-system';
import { Button } from 'shared-ui/design-system/button';
import { Space } from 'shared-ui/design-system/space';
import { type ChosenVideo, proxiedVideoUrl } from '../../client/index.ts';

type Props = {
  video: ChosenVideo;
  /** Grab this frame: called with the time the paused player shows. */
  onGrab: (seconds: number) => void;
  grabbing: boolean;
  disabled: boolean;
};

/**
 * The chosen video in a player (the file itself through an object URL, or the link through our
 * proxy), and Grab this frame: it pauses the player and hands on the time it shows, whose frame
 * (the last one starting at or before it) the engine decodes at full size.
 */
export function VideoPreview({ video, onGrab, grabbing, disabled }: Props) {
  const [src, setSrc] = useState<string>();
  const player = useRef<HTMLVideoElement>(null);
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
  const grab = () => {
    const element = player.current;
    if (!element) return;
    element.pause();
    onGrab(element.currentTime);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {/* biome-ignore lint/a11y/useMediaCaption: a user's own video has no captions to offer */}
      <video
        ref={player}
        data-testid="video-preview"
        src={src}
        controls
        preload="metadata"
        style={{ width: '100%', maxHeight: 420, background: '#000', borderRadius: 8 }}
      />
      <Space wrap>
        <Button onClick={grab} loading={grabbing} disabled={disabled || grabbing}>
          {MESSAGES.video.grabFrame}
        </Button>
        <Text type="secondary">{MESSAGES.video.grabFrameHint}</Text>
      </Space>
    </Space>
  );
}
