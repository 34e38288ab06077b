/**
 * The EPK photo carousel: 16:9 slides, previous/next buttons, arrow keys while the focus is on them, no
 * auto-rotation. Hydrated when visible; the first slide is server-rendered so
 * the space is reserved and the photo shows before any JS runs.
 */
import { type KeyboardEvent, useState } from "react";
import { A11y } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import type { Swiper as SwiperInstance } from "swiper/types";
import "swiper/css";
import { buttonClass } from "../../components/ui/styles";
import { ErrorBoundary } from "../errors/ErrorBoundary";
import { slidePosition, type Slide } from "./carousel";

type Props = { slides: Slide[]; label: string };

// Round outlined arrows; aria-disabled rather than disabled, so Next keeps the keyboard focus on the last photo.
const arrowButton = buttonClass({ variant: "secondary", size: "touch", pill: true });

function CarouselInner({ slides, label }: Props) {
  const [active, setActive] = useState(0);
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);

  // The arrow keys turn the photos while the focus is in the carousel (on its buttons), and only then: the page's
  // own keys (Page Down, Space, the arrows elsewhere) keep scrolling the page past it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key === "ArrowRight") swiper?.slideNext();
    else if (event.key === "ArrowLeft") swiper?.slidePrev();
    else return;
    event.preventDefault();
  };

  return (
    <section aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
      <div className="overflow-hidden rounded-lg bg-stone-900">
        <Swiper
          modules={[A11y]}
          onSwiper={setSwiper}
          onSlideChange={(instance) => setActive(instance.activeIndex)}
          a11y={{ enabled: true, slideRole: "group", slideLabelMessage: "Photo {{index}} of {{slidesLength}}" }}
          className="aspect-video"
        >
          {slides.map((slide, index) => (
            <SwiperSlide key={slide.src}>
              <picture>
                <source type="image/avif" srcSet={slide.avifSrcset} sizes={slide.sizes} />
                <img
                  src={slide.src}
                  srcSet={slide.srcset}
                  sizes={slide.sizes}
                  width={slide.width}
                  height={slide.height}
                  alt={slide.alt}
                  loading={index === 0 ? "eager" : "lazy"}
                  decoding="async"
                  className="h-full w-full object-cover"
                />
              </picture>
            </SwiperSlide>
          ))}
        </Swiper>
      </div>
      <div className="mt-3 flex items-center justify-between gap-4">
        <p className="text-sm text-stone-700" aria-live="polite">
          {slidePosition(active, slides.length)} · Photo: {slides[active]?.credit}
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            className={arrowButton}
            aria-label="Previous photo"
            aria-disabled={active === 0}
            onClick={() => swiper?.slidePrev()}
          >
            <span aria-hidden="true">←</span>
          </button>
          <button
            type="button"
            className={arrowButton}
            aria-label="Next photo"
            aria-disabled={active === slides.length - 1}
            onClick={() => swiper?.slideNext()}
          >
            <span aria-hidden="true">→</span>
          </button>
        </div>
      </div>
    </section>
  );
}

export function Carousel(props: Props) {
  return (
    <ErrorBoundary>
      <CarouselInner {...props} />
    </ErrorBoundary>
  );
}
