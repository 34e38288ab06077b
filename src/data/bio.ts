/** The biography on /bio, one string per paragraph, in the spec's order of topics. */
export const bio = {
  heading: "Biography",
  description:
    'Biography of Orla Quinlan: Ones To Watch Festival 2024 and 2025, folk, indie and Irish roots, debut single "Mother" and an EP with an Ireland tour in April.',
  paragraphs: [
    "Orla Quinlan played Ones To Watch Festival in 2024 and was invited back for 2025, one of the few acts asked to return in consecutive years.",
    "Her songs blend folk, indie and Irish music: close-miked guitar and voice, traditional melodies carried into modern arrangements, and lyrics that feel like a conversation across a kitchen table.",
    "In August 2024 she signed a management deal with Harbourlight Artists, who now look after her recording, touring and press.",
    "Her debut EP was produced with Cian Duffy and Maeve Corcoran, recorded live to tape over two weeks in a converted schoolhouse in Connemara.",
    'The first single, "Mother", releases on March 7th 2025. It is a song about overcoming domestic violence, written for everyone who found the strength to leave and start again.',
    "The full EP releases in April, together with the launch of her first headline tour of Ireland.",
  ],
} as const;
