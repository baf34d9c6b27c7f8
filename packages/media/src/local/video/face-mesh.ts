/**
 * The face mesh (@vladmandic/human: blazeface + facemesh + iris, 478 points) in one worker thread,
 * loaded once, one picture at a time: where a face's lips, jaw and eyes are, point by point.
 */
import { ModelWorker } from '../model-worker.ts';

/** A face the mesh found, in the picture's pixels. */
export interface MeshFace {
  score: number;
  box: { left: number; top: number; width: number; height: number };
  /** x0, y0, x1, y1, … for the 478 points of MediaPipe's face mesh topology (468 + 10 iris). */
  points: number[];
  /** Head roll in radians, as the mesh estimates it. */
  roll: number;
}

/** Mesh point indices (MediaPipe face mesh topology) the talking head uses. */
export const MESH = {
  /** Corners of the mouth, on the outer lip line: the subject's right, then left. */
  mouthCorners: [61, 291],
  /** Middle of the inner lip line, upper and lower lip. */
  innerLipCentre: [13, 14],
  /** Inner lip line, corner to corner. */
  upperInner: [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308],
  lowerInner: [78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308],
  /** Outer lip line, corner to corner. */
  upperOuter: [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291],
  lowerOuter: [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291],
  chin: 152,
  noseBottom: 2,
  /** Outer and inner corner of each eye, its upper and lower lid at the middle. */
  rightEye: { outer: 33, inner: 133, upper: 159, lower: 145 },
  leftEye: { outer: 263, inner: 362, upper: 386, lower: 374 },
  /** The jaw line from ear to ear through the chin. */
  jaw: [234, 93, 132, 58, 172, 136, 150, 149, 176, 148, 152, 377, 400, 378, 379, 365, 397, 288, 361, 323, 454],
} as const;

/** A point of a mesh face. */
export const meshPoint = (face: Pick<MeshFace, 'points'>, index: number) => ({
  x: face.points[index * 2]!,
  y: face.points[index * 2 + 1]!,
});

/** Where a face is, without its mesh. */
export type FaceBox = Pick<MeshFace, 'score' | 'box'>;

const largestFirst = <F extends FaceBox>(faces: F[]) => faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);

/** Face mesh in a worker thread, loaded on first use and kept; calls are served in order. */
export class FaceMesh {
  private readonly worker = new ModelWorker<{ rgb: Uint8Array; width: number; height: number; boxes?: boolean }, { faces: MeshFace[] }>(
    new URL('./face-mesh-worker.mjs', import.meta.url),
    'The face mesh',
  );

  /** Faces in a picture of packed RGB pixels, largest first. */
  async detect(rgb: Uint8Array, width: number, height: number): Promise<MeshFace[]> {
    return largestFirst((await this.worker.call({ rgb, width, height })).faces);
  }

  /** Where the faces of a picture are, largest first: the detector alone, without the mesh (a third of the time). */
  async findBoxes(rgb: Uint8Array, width: number, height: number): Promise<FaceBox[]> {
    return largestFirst((await this.worker.call({ rgb, width, height, boxes: true })).faces);
  }

  close() {
    return this.worker.close();
  }
}
