// Comando enclosure: a base (floor, walls, Pico standoffs, USB opening, corner screw bosses) and a
// lid (OLED window and mounting posts, one hole per button, a locating lip).
// Every size comes from params.scad, generated from hardware/dimensions.json and the pin map by
// `python hardware/build.py docs` (or `make enclosure`). Build one part:
//   openscad -o base.stl -D 'part="base"' comando.scad
// Coordinates: origin at the centre of the lid's top face seen from above, x right, y away from the
// player. The lid is exported upside down (top face on the print bed), ready to print.

include <params.scad>

part = "base";  // "base" | "lid" | "both" (preview)
$fn = 48;

eps = 0.01;
inner = [case_outer[0] - 2 * wall, case_outer[1] - 2 * wall];
base_h = floor_t + inner_h;

module rounded_rect(size, r, h) {
    linear_extrude(height = h)
        offset(r = r) square([size[0] - 2 * r, size[1] - 2 * r], center = true);
}

module corners(xy) {
    for (sx = [-1, 1], sy = [-1, 1]) translate([sx * xy[0], sy * xy[1], 0]) children();
}

module pico_holes() {
    for (sx = [-1, 1], sy = [-1, 1])
        translate([pico_center[0] + sx * pico_holes[0] / 2, pico_center[1] + sy * pico_holes[1] / 2, 0])
            children();
}

module base() {
    standoff_d = pico_hole_d + 2.5;
    usb_z = floor_t + pico_standoff_h + pico_pcb_t + pico_usb[1] / 2;
    difference() {
        union() {
            difference() {
                rounded_rect(case_outer, corner_r, base_h);
                translate([0, 0, floor_t]) rounded_rect(inner, corner_r - wall, inner_h + 1);
            }
            corners(boss_xy) cylinder(d = boss_d, h = base_h);
            pico_holes() cylinder(d = standoff_d, h = floor_t + pico_standoff_h);
        }
        // screw pilots for the lid and the Pico (M2 self-tapping)
        corners(boss_xy) translate([0, 0, floor_t]) cylinder(d = pilot_d, h = base_h);
        pico_holes() translate([0, 0, 1]) cylinder(d = pilot_d * 0.8, h = floor_t + pico_standoff_h);
        // USB cable opening in the left wall, centred on the Pico's connector
        translate([-case_outer[0] / 2 - 1, pico_center[1] - usb_opening[0] / 2, usb_z - usb_opening[1] / 2])
            cube([wall + 2, usb_opening[0], usb_opening[1]]);
    }
}

module oled_window() {
    w = oled_active[0] + 2 * window_margin;
    h = oled_active[1] + 2 * window_margin;
    translate([oled_center[0] + oled_active_offset[0] - w / 2,
               oled_center[1] + oled_active_offset[1] - h / 2, -1])
        cube([w, h, lid_t + 2]);
}

module oled_glass_pocket() {
    g = [oled_glass[0] + 2 * clearance, oled_glass[1] + 2 * clearance];
    translate([oled_center[0] + oled_glass_offset[0] - g[0] / 2,
               oled_center[1] + oled_glass_offset[1] - g[1] / 2, lid_t - eps])
        cube([g[0], g[1], oled_glass_t + 1]);
}

module oled_posts() {
    for (sx = [-1, 1], sy = [-1, 1])
        translate([oled_center[0] + sx * oled_holes[0] / 2, oled_center[1] + sy * oled_holes[1] / 2, 0])
            children();
}

// The lid as assembled, but with z pointing into the case: z = 0 is the outside top face.
module lid_body() {
    lip_outer = [inner[0] - 2 * clearance, inner[1] - 2 * clearance];
    lip_inner = [lip_outer[0] - 2 * lip_w, lip_outer[1] - 2 * lip_w];
    difference() {
        union() {
            rounded_rect(case_outer, corner_r, lid_t);
            // locating lip, cut back around the corner bosses
            difference() {
                translate([0, 0, lid_t - eps]) rounded_rect(lip_outer, max(corner_r - wall - clearance, 0.5), lid_lip + eps);
                translate([0, 0, lid_t - 1]) rounded_rect(lip_inner, max(corner_r - wall - clearance - lip_w, 0.5), lid_lip + 2);
                corners(boss_xy) translate([0, 0, lid_t - 1]) cylinder(d = boss_d + 2 * clearance + 1, h = lid_lip + 2);
            }
            // OLED mounting posts: the module's PCB rests on them, its glass in the pocket between
            difference() {
                oled_posts() translate([0, 0, lid_t - eps]) cylinder(d = oled_hole_d + 2.4, h = oled_glass_t + eps);
                oled_glass_pocket();
            }
        }
        oled_window();
        oled_posts() translate([0, 0, 0.8]) cylinder(d = oled_hole_d * 0.8, h = lid_t + oled_glass_t);
        for (p = button_positions) translate([p[0], p[1], -1]) cylinder(d = button_hole_d, h = lid_t + 2);
        corners(boss_xy) translate([0, 0, -1]) cylinder(d = screw_clear_d, h = lid_t + lid_lip + 2);
    }
}

// Print orientation: top face on the bed. Seen from below, x is mirrored.
module lid() {
    mirror([1, 0, 0]) lid_body();
}

if (part == "base") base();
else if (part == "lid") lid();
else {
    base();
    translate([0, 0, base_h + lid_t]) mirror([0, 0, 1]) lid_body();
}
