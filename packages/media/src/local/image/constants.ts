/**
 * The character engine's threshold and refusals, apart from faces.ts and character.ts (sharp, the
 * face worker) so the bff and its tests read them without loading either.
 */

/** Under this descriptor distance two faces are the same person (face-api's usual threshold). */
export const DESCRIPTOR_MATCH = 0.6;

export const NO_FACE = 'No face was found in one of the photos. Use clear photos of one person’s face.';
export const NOT_ONE_PERSON = 'The photos do not all show the same person.';
/** A group photo: which face is the character's is unknown, and its cut-out would bring the others into every scene. */
export const SEVERAL_PEOPLE = 'One of the photos shows more than one person. Use photos of the character alone.';
