/** The BroadcastChannel (frame origin only) on which the social callback page hands its URL to the hidden frame. */
export const SOCIAL_CALLBACK_CHANNEL = "fundament-social-callback";
export const SOCIAL_REDIRECT_DONE = "@w3m-frame/SOCIAL_REDIRECT_DONE";
