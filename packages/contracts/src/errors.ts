import { z } from 'zod';

/** Stable error codes shared by the bff and every app. */
export const ErrorCode = z.enum([
  'invalid_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'insufficient_credits',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'upstream_failed',
  'busy',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The one JSON error shape every route answers with. */
export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** User-facing texts, exactly as the specs give them (spec 1 §5, §8; spec 2 §5, §8). */
export const Messages = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters',
  emailNotValid: 'Please enter a valid email address.',
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  emailNotConfirmed: 'Please check your email and click the confirmation link before signing in.',
  userAlreadyRegistered: 'An account with this email already exists. Try signing in instead.',
  weakPassword: 'Password is too weak. Please choose a stronger password.',
  signupDisabled: 'Sign-ups are currently disabled. Please contact support.',
  unexpected: 'An unexpected error occurred.',
  signupSent: 'Check your email for the confirmation link!',
  signupProfilePending:
    'Account created! Check your email for confirmation. Note: Profile setup may be pending.',
  recoverSent: 'Password reset email sent!',
  passwordUpdateFailed: 'An error occurred while updating your password.',
  googleCancelled: 'Sign-in was cancelled. Please try again.',
  googleNetwork: 'Network error. Please check your connection and try again.',
  googleFailed: 'Failed to sign in with Google. Please try again.',
  authenticationFailed: 'Authentication Failed. Please try again.',
  signInToContinue: 'Sign in to continue',
  pleaseSignIn: 'Please sign in to continue',
  linkInvalid: 'This link is invalid or has expired. Please request a new one.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  adminAccessDenied: 'Admin access denied',
  usernameLength: 'Username must be 3-20 characters long',
  usernameCharacters: 'Username can only contain lowercase letters, numbers, and underscores',
  usernameUnderscore: 'Username cannot start or end with underscore',
  usernameTaken: 'Username is already taken',
  usernameRequired: 'Username is required',
  avatarNotImage: 'Please select an image file',
  avatarTooLarge: 'Image must be smaller than 5MB',
  avatarSaveFailed: 'Failed to save avatar',
  avatarProcessFailed: 'Failed to process image',
  avatarNotUploaded: 'Upload an image to change your avatar.',
  insufficientCredits: 'Insufficient credits. Please upgrade your plan.',
  notFound: 'Not found',
  internal: 'Something went wrong on our side. Please try again.',
  originRefused: 'This request came from another site and was refused.',
  currentPasswordRequired: 'Enter your current password to continue.',
  passwordRequired: 'Enter your password.',
  currentPasswordIncorrect: 'Your current password is incorrect.',
  signInAgain: 'For your security, please sign in again to continue.',
  nulCharacter: 'Text cannot contain NUL characters.',
  // Images (spec 2 §2, §5, §8; spec 1 §2, §8).
  promptRequired: 'Please enter a prompt for image generation',
  signInToGenerateImages: 'Please sign in to generate images',
  imageTypeInvalid: 'Please upload a valid image file (JPEG, PNG, or WebP)',
  imageTooLarge: 'Image file size must be less than 10MB',
  productPlacementNeedsTwoImages: 'Product Placement requires two images. Please upload both images.',
  replaceBackgroundNeedsImage: 'Replace Background needs an input image. Please upload one.',
  editNeedsImage: 'Edit needs an input image. Please upload one.',
  generationInProgress: 'This image generation is already in progress. Please wait for it to finish.',
  tryOnNeedsImages: 'Virtual try-on needs a garment image and a person image.',
  tryOnPromptPlaceholder: 'No prompt needed - just upload human and garment images',
  switchedToEdit: 'Switched to Edit (Google AI) for image editing',
  noImageReturned: 'No image returned from generation.',
  failedToGenerateImage: 'Failed to generate image',
  failedToGenerateImages: 'Failed to generate images',
  failedToGenerateAnyImages: 'Failed to generate any images',
  failedToDescribe: 'Failed to describe the image. Please try again.',
  imageDescribed: 'Image described successfully! The description has been added to your prompt.',
  failedToUpscale: 'Failed to upscale image',
  // Uploads (spec 2 §5; the rest are the gate's own).
  imageTooManyPixels: 'This image is too large to process. Please upload one of at most 50 megapixels.',
  uploadTooManyFiles: 'Please upload one file at a time.',
  uploadNeedsMultipart: 'Please send the file as a multipart form upload.',
  uploadFormInvalid: 'The upload form could not be read. Please try again.',
  uploadBusy: 'The studio is busy processing other uploads. Please try again in a moment.',
  audioTypeInvalid: 'Please upload a valid audio file (MP3, WAV, OGG, or WebM)',
  audioTooLarge: 'Audio file too large (max 50MB)',
  audioMissing: 'Please select an audio file',
  audioUnreadable: 'This audio file could not be read. Please upload another one.',
  unknownModel: 'This model is not available.',
  taskAlreadyFailed: 'This request already failed and its credits were refunded. Please start a new one.',
  galleryEmpty: 'No generated images yet. Create your first character image above!',
  discoverEmpty: 'No featured images available yet.',
  loadingMoreImages: 'Loading more images...',
  contentEncodingUnsupported: 'The request body is compressed in a way this server does not accept.',
} as const;

/** The upgrade dialog's text (spec 2 §5). */
export function formatCreditsNeeded(missing: number, action: string): string {
  return `You need ${missing} more credit${missing === 1 ? '' : 's'} to ${action}. Please upgrade your plan or purchase more credits.`;
}
