/** The seven EPK carousel photos: alt text and photographer credit for each. */
import live1 from "../assets/photos/live-1.jpg";
import live2 from "../assets/photos/live-2.jpg";
import live3 from "../assets/photos/live-3.jpg";
import live4 from "../assets/photos/live-4.jpg";
import live5 from "../assets/photos/live-5.jpg";
import live6 from "../assets/photos/live-6.jpg";
import live7 from "../assets/photos/live-7.jpg";

export const photos = [
  { src: live1, alt: "Orla Quinlan singing under violet stage lights", credit: "Aisling Brennan" },
  { src: live2, alt: "Orla Quinlan playing guitar in a blue spotlight", credit: "Aisling Brennan" },
  { src: live3, alt: "Orla Quinlan on stage with a pink haze behind her", credit: "Rory Gallagher" },
  { src: live4, alt: "Orla Quinlan with her guitar on a hillside at dusk", credit: "Niamh Doherty" },
  { src: live5, alt: "Orla Quinlan performing in a teal wash of light", credit: "Rory Gallagher" },
  { src: live6, alt: "Orla Quinlan at the microphone during a festival set", credit: "Niamh Doherty" },
  { src: live7, alt: "Orla Quinlan taking a bow in front of the crowd", credit: "Aisling Brennan" },
] as const;
