/**
 * The presets' voices at ElevenLabs (its premade library). Apart from the provider, so the bff
 * reads them without loading the SDK (1.8 s to import).
 */
export const HOSTED_PRESET_VOICES: Record<string, string> = {
  studioUgcExcited: 'AZnzlk1XvdvUeBnXmlld',
  studioUgcThree: 'MF3mGyEYCl7XYWbV9V6O',
  studioUgcTwo: '21m00Tcm4TlvDq8ikWAM',
  studioUgcOne: 'ThT5KcBeYPX3keUQqHPh',
  studioAdam01: 'pNInz6obpgDQGcFmaJgB',
  studioSarah01: 'EXAVITQu4vr4xnJsNMpq',
  studioArnold01: 'VR6AewLTigWG4xSOukaG',
  studioGrace01: 'oWAxZDx7w5VEj9dCyTzz',
};
