import * as React from "react";
import { Carousel } from "react-responsive-carousel";
import { forwardLoopAnimation } from "../lib/forward-loop";
import { SlideFrame } from "./slide-frame";
import * as styles from "./slideshow.module.css";

/** Fixed by the specification: a slide slides in in 450 ms. */
const TRANSITION_MS = 450;

export interface SlideStripHandle {
  /** Slides to this slide (its place in the slideshow's order, not in the strip). */
  show(slide: number): void;
}

interface SlideStripProps {
  slides: Queries.SlideshowFragment["slides"];
  /** Right to left: the slides stand in the strip in reverse order (see Slideshow). */
  reversed: boolean;
  /** The slide it opens on: the one the slideshow shows. */
  initialSlide: number;
  /** A swipe, or a slide the slideshow asked for, has come in. */
  onShow(slide: number): void;
  /** It shows, over the first slide beneath. */
  onReady(): void;
}

/**
 * The slideshow's moving strip of pictures: react-responsive-carousel, loaded
 * after the page, laid over the first slide the server drew (Slideshow). It
 * stays unseen until the picture it opens on is ready to paint, so the swap
 * shows nothing: no placeholder colour, no movement.
 */
export const SlideStrip = React.forwardRef<SlideStripHandle, SlideStripProps>(function SlideStrip(
  { slides, reversed, initialSlide, onShow, onReady },
  ref,
) {
  const count = slides.length;
  /** Where a slide stands in the carousel's strip, and which slide stands at a place: the same, or reversed. */
  const placeOf = (slide: number) => (reversed ? count - 1 - slide : slide);
  const animation = React.useMemo(() => forwardLoopAnimation(reversed), [reversed]);
  const carousel = React.useRef<Carousel>(null);
  const frame = React.useRef<HTMLDivElement>(null);
  // The slide it opens on; later slides are the carousel's to keep (a changing selectedItem would move it).
  const [initial] = React.useState(initialSlide);
  const shown = React.useRef(initial);
  const [ready, setReady] = React.useState(false);
  const announceReady = React.useRef(onReady);

  React.useImperativeHandle(ref, () => ({ show: (slide) => carousel.current?.moveTo(placeOf(slide)) }));

  React.useEffect(() => {
    const picture = frame.current?.querySelector<HTMLImageElement>(".selected img");
    let current = true;
    // decode() settles once the picture can be painted, from the cache the server's copy filled; a picture that
    // cannot be had leaves its placeholder colour, as the server's copy would.
    void (picture?.decode() ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        if (!current) return;
        setReady(true);
        announceReady.current();
      });
    return () => {
      current = false;
    };
  }, []);

  const changeSlide = (place: number) => {
    const next = placeOf(place);
    const looped = next === 0 && shown.current === count - 1 && count > 1;
    shown.current = next;
    onShow(next);
    // After sliding on to the copy of the first slide, the first itself takes its place (see forward-loop.ts).
    if (looped) {
      window.setTimeout(
        () => carousel.current?.selectItem({ selectedItem: placeOf(0), swiping: false }),
        TRANSITION_MS,
      );
    }
  };

  return (
    <div ref={frame} className={ready ? styles.strip : `${styles.strip} ${styles.waiting}`}>
      <Carousel
        ref={carousel}
        className={styles.carousel}
        selectedItem={placeOf(initial)}
        autoPlay={false}
        transitionTime={TRANSITION_MS}
        animationHandler={animation}
        infiniteLoop
        centerMode
        centerSlidePercentage={100}
        showArrows={false}
        // With arrows off the carousel still renders them, disabled and hidden by its CSS; render nothing instead.
        renderArrowPrev={() => null}
        renderArrowNext={() => null}
        showIndicators={false}
        showStatus={false}
        showThumbs={false}
        stopOnHover={false}
        swipeable
        emulateTouch
        onChange={changeSlide}
      >
        {slides.map((_, place) => (
          <SlideFrame
            key={place}
            slide={slides[placeOf(place)]}
            first={placeOf(place) === initial}
            overCopy={placeOf(place) === 0}
          />
        ))}
      </Carousel>
    </div>
  );
});
