import { EncodedPacketSink, type InputVideoTrack } from 'mediabunny';

/**
 * Presentation time of the frame displayed at each time (seconds from the first frame), found by
 * demuxing alone: the same rule the decoding sink follows, checkable where no decoder exists (Node).
 */
export async function displayedFrameTimes(
  track: InputVideoTrack,
  firstTimestamp: number,
  times: readonly number[],
): Promise<(number | null)[]> {
  const sink = new EncodedPacketSink(track);
  const result: (number | null)[] = [];
  for (const t of times) {
    const packet = await sink.getPacket(firstTimestamp + t, { metadataOnly: true });
    result.push(packet ? packet.timestamp - firstTimestamp : null);
  }
  return result;
}
