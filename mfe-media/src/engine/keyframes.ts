import { type FrameWindow, inWindow } from 'media-files';
import { EncodedPacketSink, type InputVideoTrack } from 'mediabunny';

/** A key frame: its timestamp in the track, exactly (what to decode), and its time from the first frame, to the microsecond (its name). */
export type Keyframe = { at: number; time: number };

/**
 * The key frames (sync samples) inside a window, from the container's index alone: nothing is
 * decoded, so the key-frame mode decodes these frames and no other. In presentation order.
 */
export async function keyframesIn(
  track: InputVideoTrack,
  firstTimestamp: number,
  window: FrameWindow,
): Promise<Keyframe[]> {
  const sink = new EncodedPacketSink(track);
  const options = { metadataOnly: true } as const;
  const found: Keyframe[] = [];
  // The key frame on screen at the window's start may begin before it: start there, keep those inside.
  let packet = await sink.getKeyPacket(firstTimestamp + window.from, options);
  if (!packet) {
    const first = await sink.getFirstPacket(options);
    packet = first && (first.type === 'key' ? first : await sink.getNextKeyPacket(first, options));
  }
  while (packet) {
    const t = Math.round((packet.timestamp - firstTimestamp) * 1e6) / 1e6;
    // Key packets come in decode order, which for key frames is presentation order.
    if (t >= window.to - 1e-6) break;
    if (inWindow(t, window)) found.push({ at: packet.timestamp, time: t });
    packet = await sink.getNextKeyPacket(packet, options);
  }
  return found.sort((a, b) => a.at - b.at);
}
